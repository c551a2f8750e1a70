// Is a placer fair? On a board small enough to list every layout (`for_each_layout`), draws many
// layouts with each placer and tests them against the uniform distribution, where every legal
// layout is equally likely: a chi-square test over the layouts (as a z score; 4 or more says
// "not uniform", which a uniform placer gets in fewer than one audit in 30,000), and the cell
// whose share of ships is furthest from its exact share under uniform layouts.
//
//   placer_audit [ROWS COLS LENGTH...] [--placer NAME] [--touching RULE] [--draws N] [--seed S]
//
// Defaults to 3 x 4 with a ship of 3 and one of 2, ships not even touching at a corner, and every
// placer of the registry plus `restart`, a hand-written one this file registers. It shows what
// the usual hand-written placer gets wrong: `sequential` (`SequentialPlacer`) places one ship at
// a time and retries only the ship that found no spot, which favours the layouts that leave the
// later ships few spots (on the default board one cell holds a ship in 59 percent of its layouts
// instead of 47). `restart` places the same way but starts the whole layout again when a ship
// finds no spot, and that is uniform: it is the first stage of `UniformPlacer`, written out, so
// with the same seed the two draw the very same layouts (`uniform` adds exact counting for the
// fleets that seldom fit). `spread`, `elusive` and `mediocre` are not meant to be uniform;
// `spread(candidates=1)`, a placer named with its settings, keeps the one layout it draws and is.
// The default audit takes under a second; on larger boards `elusive` (256 candidate layouts and
// 32 rehearsed games for each draw) takes most of the time: 5 5 3 3 2 takes about 80 seconds.
// ctest-args: --placer sequential --placer restart --placer uniform --placer spread(candidates=1)
// ctest-expect: sequential .*not uniform.*restart .*consistent.*uniform .*consistent.*=1. .*consis
#include "arguments.hpp"

#include <battleship/battleship.hpp>
#include <battleship/io/coord_text.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {
using namespace battleship;
using D = DynamicShape<64>;

constexpr std::string_view usage = R"(Usage:
  placer_audit [ROWS COLS LENGTH...] [--placer NAME] [--touching RULE] [--draws N] [--seed S]

Lists every layout of the fleet (ships of each LENGTH, from 1 to 64) on a ROWS x COLS board (at
most 64 cells; default 3 4 3 2), draws layouts with each placer and says whether they could come
from the uniform distribution, where every legal layout is equally likely.

  --placer NAME    a placer of the registry, perhaps with settings (spread(candidates=1) is
                   uniform), or restart (this example's own); may be repeated (default: every
                   one)
  --touching RULE  allowed, no_edge_contact or no_contact (default no_contact)
  --draws N        layouts each placer draws, 1 to 10000000 (default: 200 for each layout)
  --seed S         the generator's seed, 0 to 2^64 - 1 (default 1)

At most 100000 layouts are listed; a larger fleet or board is refused.
)";

/// Most layouts the audit lists (and keeps one counter for).
constexpr std::size_t max_layouts = 100'000;

/// The usual hand-written placer, with the one thing that makes it uniform: each ship goes to a
/// spot drawn among all of its length's spots on the board, and when one does not fit (off the
/// others' cells, the touching rule) the whole layout starts again. Every legal layout then comes
/// out with the same chance, the chance of drawing its spots in one go.
struct RestartPlacer {
  int attempts = 100'000; ///< Layouts tried before giving up.

  bool place(Ocean<D>& ocean, Rng& rng) const {
    const int rows = ocean.board().rows();
    const int cols = ocean.board().cols();
    for (int attempt = 0; attempt < attempts; ++attempt) {
      ocean.clear_ships();
      bool fits = true;
      for (int ship = 0; ship < ocean.ship_count() && fits; ++ship) {
        const int length = ocean.length(ship);
        // Spots across, then (for ships longer than one cell, which would repeat them) down.
        const int across = rows * (cols - length + 1);
        const int down = length > 1 ? (rows - length + 1) * cols : 0;
        const int spot = rng.below(std::max(across, 0) + std::max(down, 0));
        const Placement p =
            spot < across ? Placement{{spot / (cols - length + 1), spot % (cols - length + 1)},
                                      Orientation::horizontal,
                                      length}
                          : Placement{{(spot - across) / cols, (spot - across) % cols},
                                      Orientation::vertical,
                                      length};
        fits = ocean.place(ship, p) == PlacementRefusal::none;
      }
      if (fits) return true;
    }
    ocean.clear_ships();
    return false;
  }
};

/// A layout as a key: each ship's first cell and direction, in ship order (a one-cell ship has
/// one direction).
std::vector<int> layout_key(const Ocean<D>& ocean) {
  std::vector<int> key;
  for (int ship = 0; ship < ocean.ship_count(); ++ship) {
    const Placement& p = ocean.placement(ship);
    const bool down = p.length > 1 && p.orientation == Orientation::vertical;
    key.push_back(static_cast<int>(ocean.board().index(p.origin)) * 2 + (down ? 1 : 0));
  }
  return key;
}

/// Every layout, numbered, and each cell's share of them that has a ship there.
struct Census {
  std::map<std::vector<int>, std::size_t> number;
  std::vector<double> ship_share;
};

Census list_layouts(const Board<D>& board, const Fleet& fleet, Touching touching) {
  Census census;
  std::vector<std::size_t> ships_at(static_cast<std::size_t>(board.cells()), 0);
  for_each_layout(board, fleet, touching, [&](const Ocean<D>& layout) {
    if (census.number.size() == max_layouts)
      throw std::invalid_argument("more than " + std::to_string(max_layouts) +
                                  " layouts; choose a smaller board or fleet");
    census.number.emplace(layout_key(layout), census.number.size());
    layout.occupied().for_each([&](std::size_t cell) { ++ships_at[cell]; });
  });
  if (census.number.empty()) throw std::invalid_argument("the fleet has no legal layout here");
  for (const std::size_t n : ships_at)
    census.ship_share.push_back(static_cast<double>(n) / static_cast<double>(census.number.size()));
  return census;
}

/// What one placer's draws looked like beside the uniform distribution.
struct Audit {
  std::uint64_t gave_up = 0; ///< Draws the placer returned false for.
  std::size_t distinct = 0;  ///< Layouts drawn at least once.
  double chi_square = 0;     ///< Over every layout, drawn or not.
  double z = 0;              ///< The statistic as a standard normal score (0: typical).
  std::size_t off_cell = 0;  ///< The cell whose share of ships is furthest from uniform's.
  double off_share = 0;      ///< That cell's share of ships in the draws.
};

template <class Placer>
Audit audit(Placer& placer, const Board<D>& board, const Fleet& fleet, Touching touching,
            const Census& census, std::uint64_t draws, std::uint64_t seed) {
  Ocean<D> ocean(board, fleet, touching);
  Rng rng(seed);
  std::vector<std::uint64_t> drawn(census.number.size(), 0);
  std::vector<std::uint64_t> ships_at(static_cast<std::size_t>(board.cells()), 0);
  Audit a;
  for (std::uint64_t n = 0; n < draws; ++n) {
    ocean.clear();
    if (!placer.place(ocean, rng)) {
      ++a.gave_up;
      continue;
    }
    // A placer that breaks the rules draws a layout the census does not have.
    const auto found = census.number.find(layout_key(ocean));
    if (found == census.number.end())
      throw std::logic_error("a placer drew a layout that breaks the rules");
    ++drawn[found->second];
    ocean.occupied().for_each([&](std::size_t cell) { ++ships_at[cell]; });
  }
  if (a.gave_up == draws) return a; // nothing to test
  const double placed = static_cast<double>(draws - a.gave_up);
  const double expected = placed / static_cast<double>(census.number.size());
  for (const std::uint64_t seen : drawn) {
    const double d = static_cast<double>(seen) - expected;
    a.chi_square += d * d / expected;
    a.distinct += seen > 0 ? 1 : 0;
  }
  // With k layouts a uniform placer's statistic follows chi-square with k - 1 degrees of
  // freedom; the Wilson-Hilferty cube root turns it into a standard normal z, close enough in the
  // tail even for a few layouts.
  const double freedom = static_cast<double>(census.number.size() - 1);
  if (freedom > 0) {
    const double spread = 2 / (9 * freedom);
    a.z = (std::cbrt(a.chi_square / freedom) - (1 - spread)) / std::sqrt(spread);
  }
  double furthest = -1;
  for (std::size_t cell = 0; cell < ships_at.size(); ++cell) {
    const double share = static_cast<double>(ships_at[cell]) / placed;
    if (std::abs(share - census.ship_share[cell]) > furthest) {
      furthest = std::abs(share - census.ship_share[cell]);
      a.off_cell = cell;
      a.off_share = share;
    }
  }
  return a;
}
} // namespace

int main(int argc, char** argv) try {
  examples::SmallBoard small;
  std::vector<std::string> placers;
  Touching touching = Touching::no_contact;
  std::uint64_t draws = 0; // 0: 200 for each layout
  std::uint64_t seed = 1;
  // Registered first, so that --placer restart is a known name when the arguments are read.
  register_placer<D>("restart", "one ship at a time, the whole layout again when one finds no spot",
                     [] { return AnyPlacementStrategy<D>(RestartPlacer{}); });
  examples::Arguments args(argc, argv, "placer_audit", usage);
  while (args.next()) {
    if (args.is("--placer")) {
      placers.emplace_back(args.name(placer_names<D>()));
    } else if (args.is("--touching")) {
      touching = args.touching();
    } else if (args.is("--draws")) {
      draws = args.count(1, 10'000'000);
    } else if (args.is("--seed")) {
      seed = args.seed();
    } else if (args.positional()) {
      small.take(args);
    } else {
      args.refuse();
    }
  }
  small.finish({3, 4, 3, 2});
  const Board<D> board(D(small.rows(), small.cols())); // throws past 64 cells
  const Fleet fleet = small.fleet();
  if (placers.empty()) placers = placer_names<D>();
  std::vector<AnyPlacementStrategy<D>> audited;
  for (const std::string& name : placers) audited.push_back(make_placer<D>(name)); // or throws

  const Census census = list_layouts(board, fleet, touching);
  const std::size_t layouts = census.number.size();
  if (draws == 0) draws = 200 * static_cast<std::uint64_t>(layouts);
  std::printf(
      "%d x %d, ships of length %s, touching %s: %s; %s for each placer (seed %llu)\n\n",
      board.rows(), board.cols(), small.lengths().c_str(), std::string(to_string(touching)).c_str(),
      examples::counted(layouts, "layout", "layouts").c_str(),
      examples::counted(draws, "draw", "draws").c_str(), static_cast<unsigned long long>(seed));
  std::size_t width = 10; // the placer column: the longest name's (a name with its settings)
  for (const std::string& name : placers) width = (std::max)(width, name.size());
  const int column = static_cast<int>(width);
  std::printf("%-*s %8s %8s %12s %8s  %-24s %s\n", column, "placer", "gave up", "drawn",
              "chi-square", "z", "verdict", "cell furthest from uniform");
  for (std::size_t k = 0; k < placers.size(); ++k) {
    const Audit a = audit(audited[k], board, fleet, touching, census, draws, seed);
    const Coord cell{static_cast<int>(a.off_cell) / board.cols(),
                     static_cast<int>(a.off_cell) % board.cols()};
    // z of 4: a uniform placer goes past it in fewer than one audit in 30,000.
    const char* verdict = a.gave_up == draws ? "placed nothing"
                          : a.z < 4          ? "consistent with uniform"
                                             : "not uniform";
    std::printf("%-*s %8llu %8zu %12.1f %8.1f  %-24s %s: ships %.1f%% of draws, uniform %.1f%%\n",
                column, placers[k].c_str(), static_cast<unsigned long long>(a.gave_up), a.distinct,
                a.chi_square, a.z, verdict,
                format_coord(cell, CoordNotation::letter_number).c_str(), 100 * a.off_share,
                100 * census.ship_share[a.off_cell]);
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "placer_audit: %s\n", e.what());
  return 2;
}
