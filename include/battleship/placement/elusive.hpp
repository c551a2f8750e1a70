/// @file placement/elusive.hpp
/// @brief The elusive placer: of many uniform layouts, the one a rehearsed density hunt finds last,
/// so density shooters (probability, bayes, expert) need many more shots, while any legal layout
/// stays possible.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>

#include <battleship/ocean.hpp>
#include <battleship/placement/detail/centrality.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/placement/uniform.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/solo.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Draws `candidates` layouts with `UniformPlacer`, keeps the `shortlist` that `SpreadPlacer`
/// scores least central, plays `rehearsals` solo games of `Rehearsal` (by default the density
/// shooter) against each of those, and places the one that needed the most shots in total.
///
/// Why rehearse: `SpreadPlacer` only knows that density shooters start in the middle; how long a
/// layout survives also depends on where the hunt turns once its first shots miss, which only
/// playing the hunt shows. Measured on the classic game (`bench_games --placer elusive`, 10,000
/// games for `probability`, 2,000 for the others): against it `probability` needs 54.7 shots,
/// `bayes` 51.5 and `expert` 54.2, that is 10.5, 7.0 and 10.3 more than against uniform layouts
/// (`spread`: 3.0, 2.9 and 3.2). The rehearsal shooter's random tie-breaks come from the
/// placement's generator, not from the real opponent's game; what carries over is what a layout
/// does to any hunt that follows the density. It is no universal hardest layout: its ships crowd
/// the edge (59 percent of its ship cells, against 29 percent of a uniform layout's, measured by
/// `bench_placers`), and hunters that ignore the density (`parity`, `hunt_target`) find them
/// about 2 shots sooner.
///
/// Unpredictable, not unlearnable: each candidate is uniform, so every legal layout can be drawn,
/// and one draw in 256 is kept out of an enormous set; but its habits show. A shooter that knows
/// the placer, `PriorMixtureShooter<S, ElusivePlacer<S>>`, needs 45.2 shots against it, 9.2 fewer
/// than `probability` and only 1 more than against uniform layouts; `spread` keeps more against
/// such an opponent (46.2, measured by `bench_placers` over 1,000 layouts each). So `elusive` is
/// the placer against shooters that assume uniform layouts, `spread` the safer one against an
/// opponent who may know yours.
///
/// Rules: the rehearsals use the classic rules with the ocean's touching rule. Blocked cells and
/// the touching rule are obeyed as `UniformPlacer` obeys them; `place` returns false (no ship
/// placed) when the uniform placer fails every draw, or the first 8 (a fleet it almost never
/// places; see `place`). Every draw comes from the `Rng` given to `place`
/// (the candidates first, then one seed per rehearsal), so a layout depends only on the generator.
/// Cost: 256 uniform layouts and 32 rehearsal games a placement. Measured on one thread
/// (`battleship compare --placer elusive --shooters random --threads 1`): 0.4 ms on the classic
/// game, 0.6 ms under `no_contact`, 24 ms for the Russian fleet without contact, where one uniform
/// layout already takes about 0.1 ms.
template <BoardShape S, ShotStrategy<S> Rehearsal = ProbabilityShooter<S>>
class ElusivePlacer {
public:
  /// Registry name.
  static constexpr const char* name = "elusive";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "the uniform layout a rehearsed density hunt finds last: density shooters need 8.8-10.5 "
      "more shots";

  /// Uniform layouts drawn per placement. 1 makes this the uniform placer.
  int candidates = 256;
  /// How many of them, the least central by `SpreadPlacer::score`, are rehearsed (all of them
  /// where `shortlist` is larger than `candidates`; Python refuses such settings).
  int shortlist = 16;
  /// Games of `Rehearsal` played against each shortlisted layout; 0 keeps the least central
  /// candidate (`SpreadPlacer` with `candidates` draws).
  int rehearsals = 2;
  /// The placer every candidate is drawn with. A crowded fleet that it gives up on now and then
  /// (see `UniformPlacer`) is placed every time with a larger `draws.search_budget`.
  UniformPlacer<S> draws;

  /// Places every ship; false (no ship placed) if the uniform placer finds no layout in any of
  /// the `candidates` draws, or in the first 8 of them (such a fleet is almost never placed,
  /// and each failed draw takes seconds: 256 of them took 13 minutes).
  bool place(Ocean<S>& ocean, Rng& rng) { return place(ocean, rng, nullptr); }

  /// As `place(ocean, rng)`, but gives up (false, no ship placed) soon after `*stop` is true:
  /// within a draw, or before the next shortlisted layout's rehearsals.
  bool place(Ocean<S>& ocean, Rng& rng, const std::atomic<bool>* stop) {
    const int drawn = (std::max)(candidates, 1);
    const auto ships = static_cast<std::size_t>(ocean.ship_count());
    layouts_.clear();
    ranked_.clear();
    for (int n = 0; n < drawn; ++n) {
      if (detail::stop_drawing(n, static_cast<int>(ranked_.size()), stop)) break;
      detail::remove_ships(ocean);
      // A draw the uniform placer gave up on is skipped: crowded fleets fail now and then.
      if (!draws.place(ocean, rng, stop)) continue;
      const auto index = static_cast<int>(ranked_.size());
      for (std::size_t ship = 0; ship < ships; ++ship)
        layouts_.push_back(ocean.placement(static_cast<int>(ship)));
      ranked_.push_back({centrality_.score(ocean), index});
    }
    if (ranked_.empty() || detail::stop_set(stop)) {
      detail::remove_ships(ocean);
      return false;
    }
    // Least central first; equal scores keep the order of the draws.
    std::stable_sort(ranked_.begin(), ranked_.end(),
                     [](const Ranked& a, const Ranked& b) { return a.score < b.score; });
    const auto listed =
        (std::min)(ranked_.size(), static_cast<std::size_t>((std::max)(shortlist, 1)));
    int kept = ranked_.front().index;
    if (rehearsals > 0) {
      TargetView<S> view = rehearsal_view(ocean);
      long best = -1;
      for (std::size_t k = 0; k < listed; ++k) {
        if (detail::stop_set(stop)) { // each rehearsal is a whole game (24 ms for some fleets)
          detail::remove_ships(ocean);
          return false;
        }
        lay(ocean, ranked_[k].index);
        const long shots = rehearse(ocean, view, rng);
        if (shots > best) { // ties go to the less central layout
          best = shots;
          kept = ranked_[k].index;
        }
      }
    }
    lay(ocean, kept);
    return true;
  }

  /// Shots `Rehearsal` needs to sink the fleet on `ocean` (every ship placed), summed over
  /// `rehearsals` games, each with a generator seeded by one draw of `rng`. The ocean's ships
  /// stay where they are and it is left unshot.
  [[nodiscard]] long rehearse(Ocean<S>& ocean, Rng& rng) {
    TargetView<S> view = rehearsal_view(ocean);
    return rehearse(ocean, view, rng);
  }

private:
  struct Ranked {
    double score; // SpreadPlacer::score: lower is less central
    int index;    // among the draws that found a layout
  };

  /// The view the rehearsals play through: classic rules with the ocean's touching rule (made
  /// once per placement; `play_solo` resets it for every game).
  static TargetView<S> rehearsal_view(const Ocean<S>& ocean) {
    return TargetView<S>(ocean.board(), ocean.fleet(), Rules{.touching = ocean.touching()});
  }

  long rehearse(Ocean<S>& ocean, TargetView<S>& view, Rng& rng) {
    long shots = 0;
    for (int game = 0; game < rehearsals; ++game) {
      ocean.repair();
      Rng hunt(rng());
      shots += play_solo(ocean, view, shooter_, hunt).shots;
    }
    ocean.repair();
    return shots;
  }

  /// Replaces the ocean's ships with candidate `index`'s.
  void lay(Ocean<S>& ocean, int index) {
    const auto ships = static_cast<std::size_t>(ocean.ship_count());
    detail::lay_ships(ocean, layouts_.data() + static_cast<std::size_t>(index) * ships);
  }

  detail::Centrality<S> centrality_; // SpreadPlacer's score
  Rehearsal shooter_;
  std::vector<Placement> layouts_; // candidate n's ships at [n * ships, (n + 1) * ships)
  std::vector<Ranked> ranked_;
};

} // namespace battleship
