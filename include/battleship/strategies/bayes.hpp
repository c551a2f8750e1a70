/// @file strategies/bayes.hpp
/// @brief The exact-posterior shooter: fires where a ship is likeliest given everything it was
/// told, over complete fleet layouts, counted exactly when few and sampled without bias otherwise.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <vector>

#include <battleship/detail/cell_scan.hpp>
#include <battleship/detail/posterior.hpp>
#include <battleship/rng.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Fires at the open cell with the highest posterior probability of holding a ship (issue 6's
/// `bayes`).
///
/// The posterior is taken over complete labelled layouts of the fleet, uniform a priori (as the
/// `uniform` placer draws them), restricted to those consistent with every observation: misses,
/// hits, the order of the shots, each sinking as far as the disclosure rule reveals it (a sunk
/// ship's cells are all hits and the announcing shot was its last; under `sunk_with_name` no
/// other ship is complete; under `hit_and_sunk` the complete ships match the announcements one to
/// one; under `hit_only` not every ship is complete), and the touching rule. When the consistent
/// layouts number at most about `exact_budget` search nodes they are counted exactly; otherwise
/// `samples` layouts are drawn by sequential importance sampling, a proposal that can put any
/// ship on any hit (so it is not trapped the way single-ship Markov chains are), with the last
/// free ship averaged out exactly. Ships of one length that no answer named are interchangeable,
/// so both try the first of them where they would try each, and count it as many times.
///
/// Ties, and cells within `tie_tolerance` of the likeliest, go to the cell whose edge neighbours
/// are least likely, so that the hunt spreads out as a parity pattern does (the density shooter's
/// rule), then to a uniformly drawn cell.
///
/// While hunting (every hit belongs to a ship announced sunk) on sampled estimates, the cells
/// within `hunt_tolerance` of the likeliest count as tied instead, and go first to the cell the
/// most single-ship placements cover (the density shooter's count, exact and free of noise), then
/// to the one whose edge neighbours those counts cover least. The estimates of the likeliest
/// cells differ by less than their own sampling noise (about 4.5 percent at 1,500 samples), and
/// a noisy argmax scatters the hunt: docs/expert.md measures what that costs.
///
/// Under salvo rules each cell of a volley is chosen with the earlier ones still pending: layouts
/// in which a pending cell is a hit count `salvo_discount` times each, so the volley spreads over
/// different ships instead of stacking on one.
template <BoardShape S>
class BayesShooter {
public:
  /// Registry name.
  static constexpr const char* name = "bayes";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "likeliest cell under the exact posterior over fleet layouts (exact or sampled)";
  /// Thinks for milliseconds per shot: callers playing every built-in play fewer of its games.
  static constexpr bool slow = true;

  /// Importance samples per decision when the layouts are too many to count (at least 1 is
  /// drawn).
  int samples = 1500;
  /// Most search nodes an exact count may visit before sampling takes over.
  long exact_budget = 60'000;
  /// Times the importance samples are doubled when none fits, before a long exact count.
  int retry_rounds = 3;
  /// Layouts drawn to choose the later cells of a salvo.
  int salvo_layouts = 600;
  /// Weight factor of a layout per pending cell it puts a ship on, when choosing a salvo.
  double salvo_discount = 0.5;
  /// Cells whose weight is within this fraction of the likeliest cell's count as tied: the
  /// sampled estimates are not finer than that.
  double tie_tolerance = 0.015;
  /// While hunting on sampled estimates: cells within this fraction of the likeliest count as
  /// tied, and ties go to the largest density count (0: hunt with the rule used elsewhere).
  double hunt_tolerance = 0.10;

  /// Starts a game: forgets every observation.
  void start(const TargetView<S>& view) {
    detail::FleetGeometry<S>::ensure(geometry_, view.board(), view.fleet(), view.rules().touching);
    log_.start();
    density_.start(view);
    fresh_ = false;
    was_exact_ = false;
    was_lost_ = false;
    estimate_ = 1e300;
  }

  /// The open cell likeliest to hold a ship.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    update(view, rng);
    const auto open = view.open();
    if (open.none()) return Coord{-1, -1};
    if (lost()) {
      // Nothing to weigh cells by: the density shooter's move. Asked of a copy, since `density_`
      // is only ever told the results.
      ProbabilityShooter<S> fallback = density_;
      return fallback.next_shot(view, rng);
    }
    if (view.pending().any()) return salvo_shot(view, rng);
    return likeliest_cell(view, rng);
  }

  /// Records the order of the shots (the posterior needs to know which shot sank a ship).
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (!told.valid()) return;
    log_.record(view.board().index(cell));
    density_.on_result(view, cell, told);
    fresh_ = false;
  }

  /// Computes the posterior for what `view` shows (reused until the next result arrives).
  void update(const TargetView<S>& view, Rng& rng) {
    if (fresh_) return;
    if (!geometry_ || !geometry_->about(view.board(), view.fleet(), view.rules().touching))
      start(view);
    posterior_.observe(*geometry_, view, log_);
    bool exact = false;
    if (was_exact_ || estimate_ < static_cast<double>(exact_budget))
      exact = posterior_.enumerate(exact_budget);
    if (!exact) {
      int draws = (std::max)(samples, 1); // none would leave nothing to estimate from
      posterior_.sample(rng, draws);
      // Sampling can miss every layout when few fit among many proposals: more draws before a
      // long count.
      for (int round = 0; posterior_.total() <= 0 && round < retry_rounds; ++round) {
        draws *= 2;
        posterior_.sample(rng, draws);
      }
      // The mean importance weight estimates the number of layouts: count them when few.
      estimate_ = posterior_.total() / draws;
      if (posterior_.total() <= 0 && !was_lost_) // a long count, once per lost stretch
        exact = posterior_.enumerate(exact_budget * 50);
      else if (estimate_ > 0 && estimate_ < static_cast<double>(exact_budget))
        exact = posterior_.enumerate(exact_budget) || (posterior_.sample(rng, draws), false);
    }
    was_exact_ = exact;
    was_lost_ = lost();
    fresh_ = true;
  }

  /// Whether the last `update` found no consistent layout without proving that none exists:
  /// sampling missed them all and they were too many to count. `next_shot` then plays the
  /// density shooter's move, and the probabilities are 0 until an update finds layouts again.
  [[nodiscard]] bool lost() const noexcept {
    return !posterior_.exact() && posterior_.total() <= 0;
  }

  /// Posterior probability that `c` holds a ship, as of the last `update` or `next_shot`.
  [[nodiscard]] double probability(Coord c) const {
    return posterior_.probability(geometry_->board().index(c));
  }
  /// Whether the last posterior was an exact count.
  [[nodiscard]] bool exact() const noexcept { return posterior_.exact(); }
  /// Number of consistent layouts when `exact()` (ships of one class told apart).
  [[nodiscard]] double layouts() const noexcept { return posterior_.total(); }
  /// The density shooter told the same answers (its hunt-mode counts break `bayes`'s hunting
  /// ties); players built on `bayes` ask it for the density shooter's move instead of keeping
  /// a second one.
  [[nodiscard]] const ProbabilityShooter<S>& density() const noexcept { return density_; }

private:
  template <class Score>
  Coord best_cell(const TargetView<S>& view, Rng& rng, Score score) {
    const auto open = view.open();
    double best = -1;
    int ties = 0;
    std::size_t pick = open.first();
    open.for_each([&](std::size_t c) {
      const double v = score(c);
      if (v > best * (1 + 1e-12) + 1e-300) {
        best = v;
        pick = c;
        ties = 1;
      } else if (v >= best * (1 - 1e-12)) {
        if (rng.below(++ties) == 0) pick = c;
      }
    });
    return view.board().coord(pick);
  }

  /// The likeliest open cell; cells within `tie_tolerance` of it (`hunt_tolerance` while hunting
  /// on sampled estimates) count as tied. Ties go to the largest density count while hunting on
  /// samples, then to the cell whose edge neighbours are least likely (least covered, while
  /// hunting on samples), then to a uniform draw.
  Coord likeliest_cell(const TargetView<S>& view, Rng& rng) {
    const auto open = view.open();
    double top = 0;
    open.for_each([&](std::size_t c) { top = (std::max)(top, posterior_.weight(c)); });
    if (top <= 0) return best_cell(view, rng, [](std::size_t) { return 0.0; });
    const bool noisy_hunt =
        hunt_tolerance > 0 && !posterior_.exact() && search_phase(view) == SearchPhase::hunting;
    const double floor = top * (1 - (noisy_hunt ? hunt_tolerance : tie_tolerance)) * (1 - 1e-12);
    // The secondary key: the exact density count while hunting on samples, else nothing.
    auto count = [&](std::size_t c) {
      return noisy_hunt ? static_cast<double>(density_.hunt_count(c)) : 0.0;
    };
    // What a cell's open neighbours hold: their density counts, or their posterior weights.
    auto held = [&](std::size_t n) {
      if (!open.test(n)) return 0.0; // a shot cell has nothing left to find
      return noisy_hunt ? static_cast<double>(density_.hunt_count(n)) : posterior_.weight(n);
    };
    const auto cols = static_cast<std::size_t>(view.board().cols());
    const auto cells = static_cast<std::size_t>(view.board().cells());
    double most = -1, least = 0;
    std::size_t pick = open.first();
    int ties = 0;
    open.for_each([&](std::size_t c) {
      if (posterior_.weight(c) < floor) return;
      const double key = count(c);
      if (key < most) return;
      const double around = detail::edge_neighbour_sum(c, cols, cells, held);
      if (key > most || around < least * (1 - 1e-12)) {
        most = key;
        least = around;
        pick = c;
        ties = 1;
      } else if (around <= least * (1 + 1e-12) && rng.below(++ties) == 0) {
        pick = c;
      }
    });
    return view.board().coord(pick);
  }

  Coord salvo_shot(const TargetView<S>& view, Rng& rng) {
    if (posterior_.exact()) {
      posterior_.collect(layouts_, static_cast<std::size_t>(exact_budget), exact_budget);
      weights_.assign(layouts_.size(), 1.0);
    }
    if (!posterior_.exact() || layouts_.empty())
      posterior_.draw(rng, salvo_layouts, salvo_layouts, layouts_, weights_);
    std::array<double, S::capacity> score{};
    const auto pending = view.pending();
    for (const auto& l : layouts_) {
      double w = 1.0;
      (l.occupied & pending).for_each([&](std::size_t) { w *= salvo_discount; });
      l.occupied.for_each([&](std::size_t c) { score[c] += w; });
    }
    return best_cell(view, rng, [&](std::size_t c) { return score[c]; });
  }

  std::shared_ptr<const detail::FleetGeometry<S>> geometry_;
  ProbabilityShooter<S> density_; // kept up to date for its hunt-mode counts
  detail::ShotLog<S> log_;
  detail::Posterior<S> posterior_;
  std::vector<detail::Layout<S>> layouts_;
  std::vector<double> weights_;
  double estimate_ = 1e300;
  bool fresh_ = false;
  bool was_exact_ = false;
  bool was_lost_ = false;
};

} // namespace battleship
