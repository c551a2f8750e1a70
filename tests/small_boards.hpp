// Brute force on boards small enough to list every layout: the oracle the posterior and planning
// shooters are checked against. Written independently of detail/posterior.hpp: layouts come from
// placing ships one by one on an Ocean (which enforces the touching rule) and consistency from
// replaying the shots on an Ocean and comparing what the defender would have announced.
#pragma once

#include "catch_shim.hpp"

#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace small_boards {

using namespace battleship;

/// One shot and what the shooter was told.
struct Observed {
  Coord cell;
  ShotOutcome told;
};

/// A fleet of one ship of each of `lengths` (at most four; named First, Second, ...).
inline Fleet fleet_of(const std::vector<int>& lengths) {
  const char* names[] = {"First", "Second", "Third", "Fourth"};
  Fleet fleet;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    fleet.add(ShipClass{names[i], static_cast<char>('A' + i), lengths[i], 1});
  return fleet;
}

/// Calls `f(rules, key)` for every touching rule with every disclosure rule (the other rules
/// classic), naming them in the failure messages; `key` (touching * 3 + disclosure) tells the
/// nine apart, e.g. to seed each differently.
template <class F>
void for_each_rule(F f) {
  for (Touching t : {Touching::allowed, Touching::no_edge_contact, Touching::no_contact})
    for (Disclosure d :
         {Disclosure::hit_only, Disclosure::hit_and_sunk, Disclosure::sunk_with_name}) {
      INFO("touching " << to_string(t) << ", disclosure " << to_string(d));
      f(Rules{.touching = t, .disclosure = d},
        static_cast<std::uint64_t>(t) * 3 + static_cast<std::uint64_t>(d));
    }
}

/// Every labelled legal layout of `fleet` on `board` under `touching` (ship i at layout[i]).
template <BoardShape S>
std::vector<std::vector<Placement>> all_layouts(const Board<S>& board, const Fleet& fleet,
                                                Touching touching) {
  std::vector<std::vector<Placement>> out;
  Ocean<S> ocean(board, fleet, touching);
  std::vector<Placement> current;
  std::function<void(int)> place = [&](int ship) {
    if (ship == fleet.ship_count()) {
      out.push_back(current);
      return;
    }
    for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
      if (fleet.ship(ship).length == 1 && o == Orientation::vertical) break;
      for (int r = 0; r < board.rows(); ++r)
        for (int c = 0; c < board.cols(); ++c) {
          if (ocean.place(ship, Coord{r, c}, o) != PlacementRefusal::none) continue;
          current.push_back(ocean.placement(ship));
          place(ship + 1);
          current.pop_back();
          ocean.unplace(ship);
        }
    }
  };
  place(0);
  return out;
}

/// An ocean holding `layout`.
template <BoardShape S>
Ocean<S> ocean_of(const Board<S>& board, const Fleet& fleet, Touching touching,
                  const std::vector<Placement>& layout) {
  Ocean<S> ocean(board, fleet, touching);
  for (int s = 0; s < fleet.ship_count(); ++s) ocean.place(s, layout[static_cast<std::size_t>(s)]);
  return ocean;
}

/// Whether `layout` would have produced exactly the announcements `shots` (in order) under
/// `rules`, with the game still running afterwards.
template <BoardShape S>
bool consistent(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                const std::vector<Placement>& layout, const std::vector<Observed>& shots) {
  Ocean<S> ocean = ocean_of(board, fleet, rules.touching, layout);
  for (const Observed& o : shots)
    if (!(disclose(ocean.fire(o.cell), rules.disclosure) == o.told)) return false;
  return !ocean.all_sunk();
}

/// How many layouts fit a sequence of announcements, and how many of them put a ship on each cell
/// (row-major): the exact posterior, unnormalised.
struct CoverCounts {
  long layouts = 0;
  std::vector<long> cover;
};

/// `CoverCounts` of the layouts in `all` consistent with `shots`.
template <BoardShape S>
CoverCounts cover_counts(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                         const std::vector<std::vector<Placement>>& all,
                         const std::vector<Observed>& shots) {
  CoverCounts out;
  out.cover.assign(static_cast<std::size_t>(board.cells()), 0);
  for (const auto& layout : all) {
    if (!consistent(board, fleet, rules, layout, shots)) continue;
    ++out.layouts;
    for (const Placement& p : layout)
      for (int i = 0; i < p.length; ++i) ++out.cover[board.index(p.cell(i))];
  }
  return out;
}

/// Plays `shooter` against `ocean` for at most `max_shots` shots (stopping when every ship is
/// sunk), recording into `view` and returning the announcements.
template <BoardShape S, class Shooter>
std::vector<Observed> play_some(Ocean<S>& ocean, TargetView<S>& view, Shooter& shooter, Rng& rng,
                                int max_shots) {
  std::vector<Observed> shots;
  view.reset();
  shooter.start(view);
  while (static_cast<int>(shots.size()) < max_shots && !ocean.all_sunk()) {
    const Coord c = shooter.next_shot(view, rng);
    const ShotOutcome told = disclose(ocean.fire(c), view.rules().disclosure);
    view.record(c, told);
    shooter.on_result(view, c, told);
    shots.push_back(Observed{c, told});
  }
  return shots;
}

/// Exact expected shots of `make()`-built shooters against every layout (uniform prior),
/// averaged over `seeds` generators `Rng(derive_seed(master, k))`, k < seeds.
///
/// Every layout is played with the same generator seed k: a shooter given a fixed seed is a
/// deterministic policy (its draws depend only on what it was told), and no deterministic policy
/// can beat the optimum, so each seed's figure, and their mean, is at least the optimum exactly.
/// (A seed per layout would let tie-breaking luck correlate with the layout and dip below it.)
template <BoardShape S, class Make>
double expected_shots(const Board<S>& board, const Fleet& fleet, const Rules& rules, Make make,
                      int seeds = 1, std::uint64_t master = 1) {
  const auto layouts = all_layouts(board, fleet, rules.touching);
  double total = 0;
  std::uint64_t games = 0;
  TargetView<S> view(board, fleet, rules);
  auto shooter = make();
  for (std::size_t i = 0; i < layouts.size(); ++i) {
    for (int k = 0; k < seeds; ++k) {
      Ocean<S> ocean = ocean_of(board, fleet, rules.touching, layouts[i]);
      Rng rng(derive_seed(master, static_cast<std::uint64_t>(k)));
      view.reset();
      shooter.start(view);
      int shots = 0;
      while (!ocean.all_sunk() && shots < board.cells()) {
        const Coord c = shooter.next_shot(view, rng);
        const ShotOutcome told = disclose(ocean.fire(c), rules.disclosure);
        view.record(c, told);
        shooter.on_result(view, c, told);
        if (told.valid()) ++shots;
      }
      total += shots;
      ++games;
    }
  }
  return total / static_cast<double>(games);
}

/// Plays `games` games of `shooter` under `rules` against layouts of `fleet` drawn uniformly
/// (generator `Rng(seed)`, shared with the shooter) and checks every shot against brute force:
/// the cell is open and some layout consistent with everything announced so far puts a ship on it
/// (so the rules and observations do not rule it out). Returns a description of the first shot
/// that breaks this (the game so far, e.g. "(0,1)H (0,2)S"), or nothing when every shot is fine.
template <BoardShape S, class Shooter>
std::optional<std::string> first_impossible_shot(const Board<S>& board, const Fleet& fleet,
                                                 const Rules& rules, Shooter shooter, int games,
                                                 std::uint64_t seed) {
  const auto all = all_layouts(board, fleet, rules.touching);
  if (all.empty()) return "no layout of the fleet fits the board";
  Rng rng(seed);
  TargetView<S> view(board, fleet, rules);
  for (int g = 0; g < games; ++g) {
    const auto& truth = all[static_cast<std::size_t>(rng.below(static_cast<int>(all.size())))];
    Ocean<S> ocean = ocean_of(board, fleet, rules.touching, truth);
    view.reset();
    shooter.start(view);
    std::vector<Observed> seen;
    while (!ocean.all_sunk()) {
      const Coord c = shooter.next_shot(view, rng);
      bool possible = false;
      if (view.is_open(c))
        for (const auto& layout : all) {
          if (!consistent(board, fleet, rules, layout, seen)) continue;
          for (const Placement& p : layout)
            for (int i = 0; i < p.length; ++i) possible = possible || p.cell(i) == c;
          if (possible) break;
        }
      if (!possible || static_cast<int>(seen.size()) >= board.cells()) {
        std::ostringstream out; // the game so far
        out << "shot " << seen.size() << " at (" << c.row << ", " << c.col << ") after ";
        for (const Observed& o : seen)
          out << '(' << o.cell.row << ',' << o.cell.col << ')'
              << (o.told.sank()     ? 'S'
                  : o.told.struck() ? 'H'
                                    : 'M')
              << ' ';
        return out.str();
      }
      const ShotOutcome told = disclose(ocean.fire(c), rules.disclosure);
      view.record(c, told);
      shooter.on_result(view, c, told);
      seen.push_back(Observed{c, told});
    }
  }
  return std::nullopt;
}

/// One game of `shooter` against `ocean` in volleys of `volley_size` cells, named in full before
/// any result is known (under `fixed_salvo` each named cell is pending until the volley is
/// fired), as the two-player runner plays a salvo. `shots` holds every cell fired, in order;
/// `problem` describes the first fault: a named cell that was not open (shot before or named
/// earlier in the volley), a shot the ocean refused, or more volleys than the board has cells.
struct VolleyGame {
  std::vector<Coord> shots;
  std::string problem;
};
template <BoardShape S, class Shooter>
VolleyGame play_volleys(Ocean<S>& ocean, TargetView<S>& view, Shooter& shooter, Rng& rng,
                        int volley_size) {
  const Rules& rules = view.rules();
  VolleyGame game;
  int volleys = 0;
  while (!ocean.all_sunk()) {
    if (++volleys > ocean.board().cells()) {
      game.problem = "the game does not end";
      return game;
    }
    std::vector<Coord> volley;
    for (int i = 0; i < volley_size && view.open().any(); ++i) {
      const Coord c = shooter.next_shot(view, rng);
      if (!view.is_open(c)) {
        game.problem = "a cell that is not open was named";
        return game;
      }
      if (rules.volley == Volley::fixed_salvo) view.add_pending(c);
      volley.push_back(c);
    }
    for (const Coord c : volley) {
      const ShotOutcome told = disclose(ocean.fire(c), rules.disclosure);
      if (!told.valid()) {
        game.problem = "the ocean refused a shot";
        return game;
      }
      view.record(c, told);
      shooter.on_result(view, c, told);
      game.shots.push_back(c);
    }
  }
  return game;
}

} // namespace small_boards
