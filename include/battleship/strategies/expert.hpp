/// @file strategies/expert.hpp
/// @brief The planning shooter: one-step lookahead over the exact posterior, each candidate cell
/// judged by rolling the density shooter out on complete layouts drawn from the posterior, and an
/// exact search for the fewest expected shots when few layouts remain.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <battleship/detail/posterior.hpp>
#include <battleship/detail/posterior_geometry.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Plans over the posterior instead of taking the likeliest cell (issue 6's `expert`).
///
/// **Lookahead (policy improvement).** The density shooter's own choice (`ProbabilityShooter`,
/// fed the same results) and the `candidates` - 1 other open cells likeliest to hold a ship under
/// the exact posterior (`BayesShooter`'s) are judged by the shots the game would still take if the
/// shooter fired there and then played on as the density shooter does: `layouts` complete fleet
/// layouts consistent with everything observed are drawn from the posterior (all of them, each
/// once, when they are few), and for every layout the game is played out from the current state,
/// with the same layouts and the same random draws for every candidate (common random numbers). A
/// candidate replaces the density shooter's choice only when its paired rollouts take fewer shots
/// by more than `margin` standard errors: the rollouts are noisy (tie-breaking alone moves a
/// rollout by a shot or two), and measured, deviating on a plain lower mean loses shots to the
/// winner's curse in the hunting phase, where the true differences between cells are tiny.
///
/// **Endgame.** When at most `endgame_layouts` layouts remain, the shooter searches exactly for
/// the shot minimising the expected number of shots to sink every ship (expectimax over the
/// announcements each layout would give, with a lower bound to prune), within `endgame_budget`
/// search nodes; if the budget runs out, the lookahead decides.
///
/// **Rules.** Like `bayes`, it only fires at cells some consistent layout covers (so never at
/// known water), uses what the disclosure rule reveals and nothing more, and under salvo rules
/// chooses volleys as `bayes` does. Its draws depend only on the `Rng` it is given.
template <BoardShape S>
class ExpertShooter {
public:
  /// Registry name.
  static constexpr const char* name = "expert";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "plans: one-step lookahead with density rollouts on posterior layouts, exact endgame";
  /// Thinks for tens of milliseconds per shot: callers playing every built-in play fewer games.
  static constexpr bool slow = true;

  /// Cells (the likeliest under the posterior) compared by rollouts at each shot.
  int candidates = 4;
  /// Posterior layouts each candidate is rolled out on.
  int layouts = 200;
  /// Importance-sampling proposals per drawn layout.
  int proposals_per_layout = 2;
  /// Standard errors by which a candidate's rollouts must beat the density shooter's own choice.
  double margin = 2.5;
  /// Most layouts for the exact endgame search.
  int endgame_layouts = 20;
  /// Most search nodes of one exact endgame search.
  long endgame_budget = 200'000;

  /// Starts a game.
  void start(const TargetView<S>& view) {
    bayes_.start(view);
    base_.start(view);
    detail::FleetGeometry<S>::ensure(geometry_, view.board(), view.fleet(), view.rules().touching);
    log_.start();
  }

  /// The cell with the fewest expected shots to finish (see the class description).
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    if (view.open().none()) return Coord{-1, -1};
    if (view.pending().any() || view.rules().volley != Volley::single)
      return bayes_.next_shot(view, rng);
    bayes_.update(view, rng);
    if (!geometry_ || !geometry_->about(view.board(), view.fleet(), view.rules().touching))
      start(view);
    // Candidates: the likeliest open cells, never a cell no consistent layout covers.
    std::vector<std::pair<double, std::size_t>>& ranked = ranked_;
    ranked.clear();
    view.open().for_each([&](std::size_t c) {
      const double p = bayes_.probability(view.board().coord(c));
      if (p > 0) ranked.emplace_back(p, c);
    });
    if (ranked.empty()) return bayes_.next_shot(view, rng);
    const std::uint64_t seed = rng();
    // Certain hits first: they cost nothing in expectation.
    for (const auto& [p, c] : ranked)
      if (p >= 1.0 - 1e-12) return view.board().coord(c);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    posterior_.observe(*geometry_, view, log_);
    if (bayes_.exact() && bayes_.layouts() <= static_cast<double>(std::min(endgame_layouts, 64))) {
      if (auto c = endgame(view)) return view.board().coord(*c);
    }
    // The density shooter's own choice is the default; another candidate replaces it only when
    // its rollouts take clearly fewer shots (paired differences, `margin` standard errors).
    ProbabilityShooter<S> probe = base_;
    Rng probe_rng(derive_seed(seed, 0xba5e));
    std::size_t own = view.board().index(probe.next_shot(view, probe_rng));
    // The density shooter counts each ship on its own: its cell may be one no whole layout covers.
    if (std::none_of(ranked.begin(), ranked.end(), [&](const auto& r) { return r.second == own; }))
      own = ranked.front().second;
    picks_.clear();
    picks_.push_back(own);
    for (const auto& [p, c] : ranked) {
      if (picks_.size() >= static_cast<std::size_t>(std::max(candidates, 1))) break;
      if (c != own) picks_.push_back(c);
    }
    if (picks_.size() == 1) return view.board().coord(own);
    prepare_layouts(view, seed);
    const std::size_t m = sims_.size();
    if (m < 2) return view.board().coord(own);
    base_shots_.resize(m);
    for (std::size_t j = 0; j < m; ++j)
      base_shots_[j] = rollout(view, sims_[j], own, derive_seed(seed, j));
    std::size_t pick = own;
    double best = 0;
    for (std::size_t i = 1; i < picks_.size(); ++i) {
      double sum = 0, sum2 = 0;
      for (std::size_t j = 0; j < m; ++j) {
        const double d = rollout(view, sims_[j], picks_[i], derive_seed(seed, j)) - base_shots_[j];
        sum += d;
        sum2 += d * d;
      }
      const double n = static_cast<double>(m);
      const double mean = sum / n;
      const double se = std::sqrt(std::max(0.0, sum2 / n - mean * mean) / (n - 1));
      if (mean < best && mean + margin * se < 0) {
        best = mean;
        pick = picks_[i];
      }
    }
    return view.board().coord(pick);
  }

  /// Learns from the outcome of the shot at `cell`.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    bayes_.on_result(view, cell, told);
    base_.on_result(view, cell, told);
    if (told.valid()) log_.record(view.board().index(cell));
  }

private:
  using bitboard_type = typename Board<S>::bitboard_type;

  /// A complete layout ready to be played against: the ship at each cell and the unshot cells
  /// of each ship.
  struct Sim {
    std::array<std::int8_t, S::capacity> ship_at;
    std::array<std::uint8_t, max_ships> left{};
    std::array<bitboard_type, max_ships> cells{};
    bitboard_type occupied;
  };

  void prepare_layouts(const TargetView<S>& view, std::uint64_t seed) {
    Rng rng(derive_seed(seed, 0x5eed));
    drawn_.clear();
    bool all = false;
    if (bayes_.exact() && bayes_.layouts() <= static_cast<double>(layouts))
      all = posterior_.collect(drawn_, static_cast<std::size_t>(layouts), 200'000);
    if (!all) posterior_.draw(rng, layouts * proposals_per_layout, layouts, drawn_, weights_);
    sims_.resize(drawn_.size());
    for (std::size_t j = 0; j < drawn_.size(); ++j) make_sim(view, drawn_[j], sims_[j]);
  }

  void make_sim(const TargetView<S>& view, const detail::Layout<S>& l, Sim& sim) const {
    sim.ship_at.fill(-1);
    sim.occupied = l.occupied;
    for (int s = 0; s < geometry_->ship_count(); ++s) {
      const auto& cells = posterior_.option_of(l, s).cells;
      sim.cells[static_cast<std::size_t>(s)] = cells;
      cells.for_each([&](std::size_t c) { sim.ship_at[c] = static_cast<std::int8_t>(s); });
      sim.left[static_cast<std::size_t>(s)] =
          static_cast<std::uint8_t>((cells - view.hits()).count());
    }
  }

  /// What firing at `cell` tells the shooter against `sim` (whose `left` it updates).
  static ShotOutcome fire(Sim& sim, std::size_t cell, Disclosure d) noexcept {
    const int s = sim.ship_at[cell];
    if (s < 0) return ShotOutcome{};
    auto& left = sim.left[static_cast<std::size_t>(s)];
    if (left > 0) --left;
    return disclose(ShotOutcome{left == 0 ? ShotResult::sunk : ShotResult::hit, s}, d);
  }

  /// Shots to finish the game against `sim` when firing at `first` and then playing as the
  /// density shooter.
  int rollout(const TargetView<S>& view, const Sim& sim, std::size_t first, std::uint64_t seed) {
    Rng rng(seed);
    if (sim_view_)
      *sim_view_ = view;
    else
      sim_view_.emplace(view);
    TargetView<S>& sim_view = *sim_view_;
    sim_base_ = base_;
    work_ = sim;
    const Disclosure d = view.rules().disclosure;
    int afloat = 0;
    for (int s = 0; s < geometry_->ship_count(); ++s)
      afloat += work_.left[static_cast<std::size_t>(s)] > 0;
    const int cells = view.board().cells();
    int shots = 0;
    std::size_t cell = first;
    while (afloat > 0 && shots < cells) {
      const Coord c = view.board().coord(cell);
      const ShotOutcome told = fire(work_, cell, d);
      if (told.struck() && work_.left[static_cast<std::size_t>(work_.ship_at[cell])] == 0) --afloat;
      sim_view.record(c, told);
      ++shots;
      if (afloat == 0) break;
      sim_base_.on_result(sim_view, c, told);
      const Coord next = sim_base_.next_shot(sim_view, rng);
      if (!view.board().contains(next)) break;
      cell = view.board().index(next);
    }
    return shots;
  }

  // ---- exact endgame ---------------------------------------------------------------------------

  /// The shot minimising the expected remaining shots over every consistent layout, or nothing
  /// when the layouts could not be listed or the search ran out of budget.
  std::optional<std::size_t> endgame(const TargetView<S>& view) {
    drawn_.clear();
    if (!posterior_.collect(drawn_, static_cast<std::size_t>(endgame_layouts), 200'000) ||
        drawn_.empty())
      return std::nullopt;
    sims_.resize(drawn_.size());
    for (std::size_t j = 0; j < drawn_.size(); ++j) make_sim(view, drawn_[j], sims_[j]);
    std::vector<std::uint16_t> set(sims_.size());
    for (std::size_t j = 0; j < set.size(); ++j) set[j] = static_cast<std::uint16_t>(j);
    nodes_ = endgame_budget;
    memo_.clear();
    disclosure_ = view.rules().disclosure;
    std::size_t pick = 0;
    const double v = solve(set, view.shots(), view.open(), &pick);
    if (nodes_ < 0 || !(v < std::numeric_limits<double>::infinity())) return std::nullopt;
    return pick;
  }

  /// A node of the endgame search: the layouts left (bit j for layout j) and the relevant shots.
  struct MemoKey {
    std::uint64_t set = 0;
    bitboard_type shots;
    friend bool operator==(const MemoKey&, const MemoKey&) = default;
  };
  struct MemoHash {
    std::size_t operator()(const MemoKey& k) const noexcept {
      std::uint64_t h = mix64(k.set);
      for (auto w : k.shots.data()) h = mix64(h ^ w);
      return static_cast<std::size_t>(h);
    }
  };

  /// Unshot ship cells of layout j given `shots`.
  int remaining(std::size_t j, const bitboard_type& shots) const {
    return (sims_[j].occupied - shots).count();
  }

  /// The outcome key of firing at `cell` against layout j with `shots` already fired: 0 miss,
  /// 1 hit, 2 + ship sunk (ship -1 when not named), plus 64 when the game ends.
  int outcome_key(std::size_t j, std::size_t cell, const bitboard_type& after) const {
    const Sim& s = sims_[j];
    const int ship = s.ship_at[cell];
    if (ship < 0) return 0;
    const bool sunk = s.cells[static_cast<std::size_t>(ship)].subset_of(after);
    const bool over = s.occupied.subset_of(after);
    int key = 1;
    if (sunk && disclosure_ != Disclosure::hit_only)
      key = disclosure_ == Disclosure::sunk_with_name ? 3 + ship : 2;
    return key + (over ? 64 : 0);
  }

  /// Expected shots to finish against the equally likely layouts `set`, having fired `shots`;
  /// infinity when the node budget ran out. Writes the best cell to `pick` when given.
  double solve(const std::vector<std::uint16_t>& set, const bitboard_type& shots,
               const bitboard_type& open, std::size_t* pick) {
    if (--nodes_ < 0) return std::numeric_limits<double>::infinity();
    const auto n = static_cast<double>(set.size());
    if (set.size() == 1) {
      const bitboard_type left = sims_[set[0]].occupied - shots;
      if (pick) *pick = left.first();
      return left.count();
    }
    double bound = 0;
    bitboard_type useful;
    MemoKey key;
    for (auto j : set) {
      bound += remaining(j, shots);
      useful |= sims_[j].occupied;
      key.set |= std::uint64_t{1} << j;
    }
    // Only the shots at cells some layout of the set covers matter: the rest are water in all.
    key.shots = shots & useful;
    if (!pick) {
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    bound /= n;
    useful &= open;
    // Cells ordered by how many layouts put a ship there (likeliest first: good cuts early).
    std::array<std::pair<int, std::uint16_t>, S::capacity> order;
    std::size_t cells = 0;
    useful.for_each([&](std::size_t c) {
      int cover = 0;
      for (auto j : set) cover += sims_[j].ship_at[c] >= 0;
      order[cells++] = {-cover, static_cast<std::uint16_t>(c)};
    });
    std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(cells));
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < cells; ++i) {
      const std::size_t c = order[i].second;
      if (order[i].first == -static_cast<int>(set.size())) { // a certain hit: never wrong to take
        bitboard_type after = shots;
        after.set(c);
        bitboard_type o = open;
        o.reset(c);
        const double v = 1 + split(set, c, after, o, best - 1);
        if (pick) *pick = c;
        return v;
      }
      bitboard_type after = shots;
      after.set(c);
      bitboard_type o = open;
      o.reset(c);
      const double v = 1 + split(set, c, after, o, best - 1);
      if (nodes_ < 0) return std::numeric_limits<double>::infinity();
      if (v < best - 1e-12) {
        best = v;
        if (pick) *pick = c;
        if (best <= bound + 1e-12) break; // cannot do better than the bound
      }
    }
    memo_.emplace(key, best);
    return best;
  }

  /// Expected shots after firing at `c` (already in `after`): the outcome classes of `set`,
  /// each solved. Gives up (returns at least `cutoff`) once the classes' bounds exceed `cutoff`.
  double split(const std::vector<std::uint16_t>& set, std::size_t c, const bitboard_type& after,
               const bitboard_type& open, double cutoff) {
    std::vector<std::pair<int, std::uint16_t>> keyed;
    keyed.reserve(set.size());
    for (auto j : set) keyed.emplace_back(outcome_key(j, c, after), j);
    std::sort(keyed.begin(), keyed.end());
    const auto n = static_cast<double>(set.size());
    // Lower bound of the expectation first: cut before solving anything.
    double lower = 0;
    for (const auto& [key, j] : keyed)
      if (key < 64) lower += remaining(j, after) / n;
    if (lower > cutoff + 1e-12) return lower;
    double total = 0;
    std::vector<std::uint16_t> cls;
    for (std::size_t i = 0; i < keyed.size();) {
      std::size_t e = i;
      while (e < keyed.size() && keyed[e].first == keyed[i].first) ++e;
      if (keyed[i].first < 64) { // otherwise the game is over in this class
        cls.clear();
        for (std::size_t m = i; m < e; ++m) cls.push_back(keyed[m].second);
        total += static_cast<double>(cls.size()) / n * solve(cls, after, open, nullptr);
        if (nodes_ < 0) return std::numeric_limits<double>::infinity();
      }
      i = e;
    }
    return total;
  }

  BayesShooter<S> bayes_;
  ProbabilityShooter<S> base_;
  std::shared_ptr<const detail::FleetGeometry<S>> geometry_;
  detail::ShotLog<S> log_;
  detail::Posterior<S> posterior_;
  std::vector<detail::Layout<S>> drawn_;
  std::vector<double> weights_;
  std::vector<Sim> sims_;
  std::vector<std::pair<double, std::size_t>> ranked_;
  std::vector<std::size_t> picks_;
  std::vector<int> base_shots_;
  std::optional<TargetView<S>> sim_view_;
  ProbabilityShooter<S> sim_base_;
  Sim work_{};
  std::unordered_map<MemoKey, double, MemoHash> memo_;
  long nodes_ = 0;
  Disclosure disclosure_ = Disclosure::sunk_with_name;
};

} // namespace battleship
