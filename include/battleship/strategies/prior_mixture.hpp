/// @file strategies/prior_mixture.hpp
/// @brief A shooter that knows (or suspects) the opponent's placement algorithm: a Bayesian
/// mixture of that placer's layouts and uniform layouts, weighed by what the shots reveal.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/detail/run_stop.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement_table.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// A density shooter whose prior over the enemy's layout is a two-model mixture: "the enemy
/// places with `Placer`" and "the enemy's layout is uniform" (what `ProbabilityShooter` assumes).
///
/// **The model's layouts.** Before its first shot the shooter draws `pool_size` layouts from
/// `Placer` (seeded from one draw of the game's `Rng`, so games stay reproducible). After every
/// result it keeps the layouts that agree with everything it was told: no ship on a miss, every
/// hit covered, and the sinkings (under `sunk_with_name` a ship's cells are all hits exactly when
/// it was announced sunk, and the sinking cell is one of them; under `hit_and_sunk` the count of
/// complete ships matches the announcements). Those layouts are a sample of the model's posterior.
///
/// **The weight.** `model_weight()` is the posterior probability of the placer model against the
/// uniform one, starting at `prior_weight`. Each hunting shot the mixture or, below
/// `uniform_below`, the density shooter chose (not one made for lack of `min_support` layouts)
/// multiplies the odds by P(outcome | model) / P(outcome | uniform): under the model, the share of
/// the model's layouts (below) that cover the cell; under uniform, 1 - prod over the ships afloat
/// of (1 - share of that ship's remaining placements through the cell), the density shooter's
/// estimate made a probability. Both are kept inside [0.02, 0.98], so no single shot decides. A
/// named sinking whose placement is certain multiplies the odds by (share of the drawn layouts with
/// that ship there) / (1 / number of placements of its length), raised to `sinking_evidence`.
///
/// **Hunting** (every hit explained by a sunk ship): fire at the open cell with the highest
/// mixture hit probability, weight x P(hit | model) + (1 - weight) x P(hit | uniform). The model
/// term uses the kept layouts while at least `min_support` remain; after that (sinkings soon rule
/// out every drawn layout exactly) it uses the relaxed set: every drawn layout whose ships not yet
/// sunk avoid all shots and known water, which keeps the model's shape (where its ships crowd)
/// for the ships still to find. When even that set is smaller than `min_support`, or the weight is
/// below `uniform_below`, the shot is `ProbabilityShooter`'s: against uniform layouts the shooter
/// plays as the density shooter does once the evidence is in.
///
/// **Targeting** (some hit unexplained): with the weight at least `target_above` and at least
/// `min_support` kept layouts, the open cell the most kept layouts cover (the exact posterior
/// under the model); otherwise `ProbabilityShooter`'s target mode. Salvos are left to
/// `ProbabilityShooter` entirely. Shot cells are never chosen.
///
/// `Placer` needs `bool place(Ocean<S>&, Rng&)`; any engine placer fits, as does
/// `AnyPlacementStrategy<S>` (a placer chosen at run time, as Python's `PriorMixtureShooter`
/// chooses it). The default constructor needs a default-constructible `Placer`; the other takes
/// the placer, with settings of its own. A move costs a pass over the pool (2,000 layouts: well
/// under a millisecond); drawing the pool costs `pool_size` placements once per game (seconds with
/// `ElusivePlacer`; a run being stopped, `detail::run_stopping`, ends the drawing there).
template <BoardShape S, class Placer>
class PriorMixtureShooter {
public:
  /// Number of layouts drawn from the placer per game.
  int pool_size = 2000;
  /// Fewest layouts a model estimate may rest on.
  int min_support = 24;
  /// Prior probability of the placer model.
  double prior_weight = 0.2;
  /// Below this model weight, hunting shots are the density shooter's.
  double uniform_below = 0.3;
  /// Factor on the log-likelihood ratio of a resolved sinking's placement (0: ignore sinkings).
  double sinking_evidence = 1.0;
  /// From this model weight on, target shots come from the kept layouts.
  double target_above = 0.98;

  /// A shooter suspecting a default-constructed `Placer`.
  PriorMixtureShooter() = default;
  /// A shooter suspecting `placer` (a copy of it draws the pool). A `Placer` exactly: for an
  /// `AnyPlacementStrategy` one, a conversion would make this shooter's own copy look like one.
  template <class P>
  requires std::same_as<std::remove_cvref_t<P>, Placer>
  explicit PriorMixtureShooter(P&& placer) : placer_(std::forward<P>(placer)) {}

  /// Starts a game: the pool is drawn at the first shot.
  void start(const TargetView<S>& view) {
    base_.start(view);
    table_.emplace(view.board(), view.fleet());
    ships_ = view.fleet().ship_count();
    log_odds_ = std::log(prior_weight / (1 - prior_weight));
    occupied_.clear();
    ship_cells_.clear();
    kept_.clear();
    drawn_ = false;
    last_hunt_ = -1;
  }

  /// The next cell to fire at (see the class description).
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    if (!drawn_) draw_pool(view, rng);
    last_hunt_ = -1;
    if (view.pending().any()) return base_.next_shot(view, rng);
    const bitboard_type open = view.open();
    if (open.none()) return Coord{-1, -1};
    const bool hunting = (view.hits() - base_.explained()).none();
    const double w = model_weight();
    if (!hunting) {
      if (w < target_above || static_cast<int>(kept_.size()) < min_support)
        return base_.next_shot(view, rng);
      std::array<int, S::capacity> cover{};
      for (std::uint32_t i : kept_)
        (occupied_[i] & open).for_each([&](std::size_t c) { ++cover[c]; });
      return pick(view, open, rng, [&](std::size_t c) { return static_cast<double>(cover[c]); });
    }
    // Hunting: the model's hit probability per cell, from the kept layouts or the relaxed set.
    std::array<int, S::capacity> cover{};
    int support = 0;
    if (static_cast<int>(kept_.size()) >= min_support) {
      for (std::uint32_t i : kept_)
        (occupied_[i] & open).for_each([&](std::size_t c) { ++cover[c]; });
      support = static_cast<int>(kept_.size());
    } else {
      const bitboard_type closed = view.shots() | base_.known_water();
      for (std::size_t i = 0; i < occupied_.size(); ++i) {
        bitboard_type afloat;
        for (int s = 0; s < ships_; ++s)
          if (!view.known_sunk(s))
            afloat |=
                ship_cells_[i * static_cast<std::size_t>(ships_) + static_cast<std::size_t>(s)];
        if (afloat.intersects(closed)) continue;
        afloat.for_each([&](std::size_t c) { ++cover[c]; });
        ++support;
      }
    }
    if (support < min_support) return base_.next_shot(view, rng);
    const auto uniform = uniform_hit(view);
    std::array<double, S::capacity> model{};
    open.for_each([&](std::size_t c) { model[c] = (cover[c] + 0.5) / (support + 1.0); });
    // Below `uniform_below` the density shooter chooses; its shot is weighed all the same, so the
    // weight can climb back.
    const Coord chosen =
        w < uniform_below ? base_.next_shot(view, rng) : pick(view, open, rng, [&](std::size_t c) {
          return w * model[c] + (1 - w) * uniform[c];
        });
    if (!view.board().contains(chosen)) return chosen;
    const std::size_t at = view.board().index(chosen);
    last_hunt_ = static_cast<int>(at);
    hunt_model_ = model[at];
    hunt_uniform_ = uniform[at];
    return chosen;
  }

  /// Learns from the outcome of the shot at `cell`.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    const bitboard_type explained_before = base_.explained();
    base_.on_result(view, cell, told);
    if (!told.valid()) return;
    const std::size_t i = view.board().index(cell);
    if (told.sank() && told.ship >= 0 && told.ship < ships_)
      weigh_sinking(view, i, told.ship, explained_before);
    if (last_hunt_ == static_cast<int>(i)) {
      const double m = std::clamp(hunt_model_, 0.02, 0.98);
      const double u = std::clamp(hunt_uniform_, 0.02, 0.98);
      log_odds_ += told.struck() ? std::log(m / u) : std::log((1 - m) / (1 - u));
      log_odds_ = std::clamp(log_odds_, -30.0, 30.0);
    }
    last_hunt_ = -1;
    std::erase_if(kept_, [&](std::uint32_t k) { return !agrees(k, view); });
  }

  /// Posterior probability that the enemy placed with `Placer` (against uniform layouts).
  [[nodiscard]] double model_weight() const noexcept { return 1 / (1 + std::exp(-log_odds_)); }
  /// Number of drawn layouts that agree with everything told so far.
  [[nodiscard]] int consistent_layouts() const noexcept { return static_cast<int>(kept_.size()); }

private:
  using bitboard_type = typename Board<S>::bitboard_type;

  void draw_pool(const TargetView<S>& view, Rng& rng) {
    drawn_ = true;
    Rng own(derive_seed(rng(), 0x9001));
    Ocean<S> ocean(view.board(), view.fleet(), view.rules().touching);
    const auto n = static_cast<std::size_t>((std::max)(pool_size, 0));
    occupied_.reserve(n);
    ship_cells_.reserve(n * static_cast<std::size_t>(ships_));
    for (std::size_t k = 0; k < n; ++k) {
      // A run being stopped: a pool of a slow placer (elusive) takes seconds to draw, and the
      // game in progress is not counted.
      if (detail::run_stopping()) break;
      ocean.clear();
      if (!placer_.place(ocean, own) || !ocean.all_placed()) continue;
      occupied_.push_back(ocean.occupied());
      for (int s = 0; s < ships_; ++s) ship_cells_.push_back(view.board().mask(ocean.placement(s)));
    }
    for (std::size_t k = 0; k < occupied_.size(); ++k)
      if (agrees(static_cast<std::uint32_t>(k), view))
        kept_.push_back(static_cast<std::uint32_t>(k));
  }

  // Evidence from a sinking whose placement is certain: how often the placer put that ship there,
  // against the uniform share of that ship's placements.
  void weigh_sinking(const TargetView<S>& view, std::size_t cell, int ship,
                     const bitboard_type& explained_before) {
    const auto& options = table_->of_length(view.fleet().ship(ship).length);
    const bitboard_type* found = nullptr;
    for (const auto& p : options) {
      if (!p.cells.test(cell) || !p.cells.subset_of(view.hits()) ||
          p.cells.intersects(explained_before))
        continue;
      if (found != nullptr) return; // ambiguous
      found = &p.cells;
    }
    if (found == nullptr || occupied_.empty() || options.empty()) return;
    int same = 0;
    for (std::size_t k = 0; k < occupied_.size(); ++k)
      same += ship_cells_[k * static_cast<std::size_t>(ships_) + static_cast<std::size_t>(ship)] ==
              *found;
    const double model = (same + 0.5) / (static_cast<double>(occupied_.size()) + 1);
    const double uniform = 1.0 / static_cast<double>(options.size());
    log_odds_ = std::clamp(log_odds_ + sinking_evidence * std::log(model / uniform), -30.0, 30.0);
  }

  // Whether drawn layout k agrees with every shot and announcement of `view`.
  bool agrees(std::uint32_t k, const TargetView<S>& view) const {
    const bitboard_type& occ = occupied_[k];
    if (occ.intersects(view.misses()) || !view.hits().subset_of(occ)) return false;
    const Disclosure d = view.rules().disclosure;
    if (d == Disclosure::hit_only) return true;
    const bitboard_type* cells =
        &ship_cells_[static_cast<std::size_t>(k) * static_cast<std::size_t>(ships_)];
    int complete = 0;
    for (int s = 0; s < ships_; ++s) {
      const bool done = cells[s].subset_of(view.hits());
      complete += done;
      if (d == Disclosure::sunk_with_name && done != view.known_sunk(s)) return false;
    }
    if (complete != view.sunk_count()) return false;
    for (int r = 0; r < view.sunk_count(); ++r) {
      const SunkReport& report = view.sunk(r);
      const std::size_t c = view.board().index(report.cell);
      if (report.ship >= 0 ? !cells[report.ship].test(c) : !occ.test(c)) return false;
    }
    return true;
  }

  // P(hit | uniform layouts) per open cell: ships taken as independent, each uniform over its
  // placements clear of shots and known water.
  std::array<double, S::capacity> uniform_hit(const TargetView<S>& view) const {
    std::array<double, S::capacity> miss;
    miss.fill(1.0);
    const bitboard_type closed = view.shots() | base_.known_water();
    std::array<int, S::capacity> through{};
    for (int s = 0; s < ships_; ++s) {
      if (view.known_sunk(s)) continue;
      through.fill(0);
      int total = 0;
      for (const auto& p : table_->of_length(view.fleet().ship(s).length)) {
        if (p.cells.intersects(closed)) continue;
        ++total;
        p.cells.for_each([&](std::size_t c) { ++through[c]; });
      }
      if (total == 0) continue;
      for (std::size_t c = 0; c < S::capacity; ++c)
        miss[c] *= 1 - static_cast<double>(through[c]) / total;
    }
    std::array<double, S::capacity> hit{};
    for (std::size_t c = 0; c < S::capacity; ++c) hit[c] = 1 - miss[c];
    return hit;
  }

  // The open cell with the highest score; ties drawn uniformly.
  template <class Score>
  static Coord pick(const TargetView<S>& view, const bitboard_type& open, Rng& rng, Score score) {
    double top = -1;
    int ties = 0;
    std::array<std::uint16_t, S::capacity> tied{};
    open.for_each([&](std::size_t c) {
      const double v = score(c);
      if (v < top - 1e-12) return;
      if (v > top + 1e-12) {
        top = v;
        ties = 0;
      }
      tied[static_cast<std::size_t>(ties++)] = static_cast<std::uint16_t>(c);
    });
    return view.board().coord(tied[static_cast<std::size_t>(ties > 1 ? rng.below(ties) : 0)]);
  }

  ProbabilityShooter<S> base_;
  Placer placer_;
  std::optional<PlacementTable<S>> table_;
  int ships_ = 0;
  double log_odds_ = 0;
  std::vector<bitboard_type> occupied_;   // drawn layouts: every ship's cells
  std::vector<bitboard_type> ship_cells_; // drawn layouts: ship s of layout k at k * ships_ + s
  std::vector<std::uint32_t> kept_;       // drawn layouts that agree with everything so far
  bool drawn_ = false;
  int last_hunt_ = -1; // cell of the hunting shot awaiting its result, or -1
  double hunt_model_ = 0;
  double hunt_uniform_ = 0;
};

} // namespace battleship
