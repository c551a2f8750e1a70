// Checks every placer's tests share: a layout is legal by the ocean's own rules, a layout as a
// comparable list of placements, and how varied a placer's layouts are over many seeds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/simulate.hpp>

namespace layout_checks {

using namespace battleship;

/// Whether ship `s` of `ocean`'s fleet at `placements[s]`, for every ship, could be placed one by
/// one on an empty ocean with `ocean`'s blocks and touching rule (the ocean's own checks,
/// independent of the placer that chose them).
template <BoardShape Sh, class Placements>
bool legal_placements(const Ocean<Sh>& ocean, const Placements& placements) {
  Ocean<Sh> again(ocean.board(), ocean.fleet(), ocean.touching());
  again.block(ocean.blocked());
  for (int s = 0; s < ocean.ship_count(); ++s)
    if (again.place(s, placements[static_cast<std::size_t>(s)]) != PlacementRefusal::none)
      return false;
  return true;
}

/// The ships' placements, in ship order.
template <BoardShape Sh>
std::vector<Placement> layout(const Ocean<Sh>& ocean) {
  std::vector<Placement> out;
  for (int s = 0; s < ocean.ship_count(); ++s) out.push_back(ocean.placement(s));
  return out;
}

/// Whether every ship of `ocean` is placed and its layout is legal (`legal_placements`).
template <BoardShape Sh>
bool legal(const Ocean<Sh>& ocean) {
  for (int s = 0; s < ocean.ship_count(); ++s)
    if (!ocean.is_placed(s)) return false;
  return legal_placements(ocean, layout(ocean));
}

/// What `layouts` placements by one placer, seeds 0 to layouts - 1, had in common.
struct Variety {
  bool every_cell_used = false; ///< Every cell of the board held a ship in some layout.
  std::size_t distinct = 0;     ///< Different layouts among them.
};

/// Places `fleet` on `board` `layouts` times with copies of `placer` and says how varied
/// the layouts were.
template <BoardShape Sh, class Placer>
Variety variety(const Board<Sh>& board, const Fleet& fleet, const Placer& placer, int layouts) {
  Ocean<Sh> ocean(board, fleet);
  Placer mine(placer);
  typename Board<Sh>::bitboard_type seen;
  std::vector<std::vector<Placement>> all;
  for (int seed = 0; seed < layouts; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    ocean.clear();
    if (!mine.place(ocean, rng)) continue;
    seen |= ocean.occupied();
    all.push_back(layout(ocean));
  }
  const auto key = [](const Placement& p) {
    return std::tuple(p.origin.row, p.origin.col, p.orientation);
  };
  std::sort(all.begin(), all.end(), [&](const auto& x, const auto& y) {
    return std::lexicographical_compare(
        x.begin(), x.end(), y.begin(), y.end(),
        [&](const Placement& a, const Placement& b) { return key(a) < key(b); });
  });
  Variety v;
  v.every_cell_used = seen == board.all();
  v.distinct = static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
  return v;
}

/// Whether `a` and `b`, each given a generator seeded with `seed`, lay `fleet` out identically
/// (false if either fails).
template <BoardShape Sh, class A, class B>
bool same_layout(const Board<Sh>& board, const Fleet& fleet, A a, B b, std::uint64_t seed) {
  Ocean<Sh> first(board, fleet), second(board, fleet);
  Rng ra(seed), rb(seed);
  return a.place(first, ra) && b.place(second, rb) && layout(first) == layout(second);
}

/// Whether `placer` refuses five ships of length 5 on a 5 x 5 board without contact (they cannot
/// fit) and leaves the ocean without a ship.
template <BoardShape Sh, class Placer>
bool refuses_impossible_fleet(Placer placer) {
  const Board<Sh> board(Sh(5, 5));
  Ocean<Sh> ocean(board, Fleet{{"Five", 'F', 5, 5}}, Touching::no_contact);
  Rng rng(3);
  return !placer.place(ocean, rng) && ocean.occupied().none();
}

/// A fleet the uniform placer gives up on only after all its rejection attempts: 25 ships of 4
/// filling a 10 x 10 board (rejection never tiles it), with `search_budget` 1 so that neither
/// exact search settles it (both run out at once). Each `UniformPlacer` draw of it takes
/// `max_attempts` attempts (seconds at the default) and fails.
inline const Fleet tiling_fleet{{"Four", 'F', 4, 25}};

/// `placer` (a `UniformPlacer`) set up to give up on `tiling_fleet` only after `attempts`
/// rejection attempts.
template <class Uniform>
Uniform starved_on_tiling(Uniform placer, long attempts) {
  placer.search_budget = 1;
  placer.max_attempts = attempts;
  return placer;
}

/// Calls `body(ocean, seed)` for seeds 0 to `seeds - 1` under each touching rule, with `ocean` an
/// emptied classic ocean whose `blocks` blocked cells were drawn from `Rng(block_seed)`: the
/// ground on which a placer's tests check that it obeys the touching rule and the blocks.
template <class Body>
void for_each_blocked_ocean(std::uint64_t seeds, std::uint64_t block_seed, int blocks, Body body) {
  for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact}) {
    Ocean<ClassicShape> ocean(Board<ClassicShape>{}, fleets::classic, t);
    Rng draw(block_seed);
    ocean.block(draw, blocks);
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
      for (int s = 0; s < ocean.ship_count(); ++s)
        if (ocean.is_placed(s)) ocean.unplace(s);
      body(ocean, seed);
    }
  }
}

/// Mean shots of `shooter` against `placer`'s layouts over `games` classic games (seed 5, one
/// thread, so a band around it is reproducible).
template <class Shooter, class Placer>
double classic_mean(const Shooter& shooter, const Placer& placer, std::uint64_t games) {
  SimulationOptions options;
  options.games = games;
  options.seed = 5;
  options.threads = 1;
  return simulate_solo(Board<ClassicShape>{}, fleets::classic, rulesets::classic, shooter, placer,
                       options)
      .summary()
      .mean;
}

} // namespace layout_checks
