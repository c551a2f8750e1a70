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
#include <span>
#include <unordered_map>
#include <vector>

#include <battleship/detail/cell_scan.hpp>
#include <battleship/detail/posterior.hpp>
#include <battleship/detail/posterior_geometry.hpp>
#include <battleship/detail/run_stop.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/search_phase.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/strategies/probability.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// Plans over the posterior instead of taking the likeliest cell (issue 6's `expert`).
///
/// **Exact lookahead (policy improvement).** When every layout consistent with what it was told
/// can be listed (at most `exact_layouts` of them, uniformly likely), the greedy rule's cell (where
/// the most layouts put a ship; ties to the cell whose open neighbours are covered least, then the
/// lowest index) and the `exact_candidates` - 1 other cells the most layouts cover are each judged
/// by the expected number of shots to finish when firing there and then following the greedy
/// rule, computed exactly over all the layouts (one pass down the rule's decision tree, the layouts
/// split by what each would announce). The fewest wins, the rule's own cell on a tie, so the
/// shooter is never worse than the greedy rule (one-step policy improvement with an exact
/// evaluation). With one ship afloat the layouts are rarely more than a few hundred: the hunt for
/// the last ship and its sinking are planned this way, and so is much of the hunt for the last two.
///
/// **Endgame.** When at most `endgame_layouts` layouts remain (and never above 64, since a search
/// node keeps its layouts as the bits of one 64-bit word), the shooter searches exactly for
/// the shot minimising the expected number of shots to sink every ship (expectimax over the
/// announcements each layout would give, with a lower bound to prune), within `endgame_budget`
/// search nodes; if the budget runs out, the lookahead decides.
///
/// **Too many layouts to list.** The density shooter's cell (`ProbabilityShooter`, fed the same
/// results). With `candidates` > 1 (off by default), while targeting, the `candidates` - 1 cells
/// likeliest under the sampled posterior are also judged by rollouts: `layouts` layouts drawn from
/// the posterior are played out with the density shooter after each candidate, with common random
/// numbers, and a candidate replaces the density shooter's cell only when its paired rollouts take
/// fewer shots by more than `margin` standard errors. Measured over 6,000 paired games, these
/// rollouts gained nothing (+0.05 +- 0.10 shots while targeting; while hunting they changed 1.4
/// percent of the cells, also for nothing), so they are not run unless asked for.
///
/// **Rules.** Like `bayes`, it only fires at cells some consistent layout covers (so never at
/// known water), uses what the disclosure rule reveals and nothing more, and whenever a turn may
/// hold more than one shot (salvos, and `until_miss`, where a hit earns another) it shoots as
/// `bayes` does: the lookahead and the endgame search assume one shot a turn. Its draws depend only
/// on the `Rng` it is given.
template <BoardShape S>
class ExpertShooter {
public:
  /// Registry name.
  static constexpr const char* name = "expert";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "plans: exact lookahead over every posterior layout when they are few, exact endgame";
  /// Thinks for milliseconds per shot: callers playing every built-in play fewer games.
  static constexpr bool slow = true;

  /// Cells (the likeliest under the posterior) compared by rollouts at a targeting shot when the
  /// layouts are too many to list; 1 runs no rollouts.
  int candidates = 1;
  /// Posterior layouts each candidate is rolled out on.
  int layouts = 200;
  /// Importance-sampling proposals per drawn layout.
  int proposals_per_layout = 2;
  /// Standard errors by which a candidate's rollouts must beat the density shooter's own choice.
  double margin = 2.5;
  /// Most layouts for the exact endgame search (values above 64 act as 64).
  int endgame_layouts = 20;
  /// Most search nodes of one exact endgame search.
  long endgame_budget = 200'000;
  /// Most layouts for the exact lookahead (every layout played, no sampling).
  int exact_layouts = 2000;
  /// Cells the exact lookahead judges: the ones the most layouts cover (1: only the rule's own).
  int exact_candidates = 12;

  /// Starts a game.
  void start(const TargetView<S>& view) {
    bayes_.start(view);
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
    if (bayes_.exact() &&
        bayes_.layouts() <= static_cast<double>((std::min)(endgame_layouts, 64))) {
      if (auto c = endgame(view)) return view.board().coord(*c);
    }
    if (bayes_.exact() && bayes_.layouts() <= static_cast<double>(exact_layouts)) {
      if (auto c = exact_lookahead(view)) return view.board().coord(*c);
    }
    // The density shooter's own choice is the default; another candidate replaces it only when
    // its rollouts take clearly fewer shots (paired differences, `margin` standard errors).
    ProbabilityShooter<S> probe = bayes_.density();
    Rng probe_rng(derive_seed(seed, 0xba5e));
    std::size_t own = view.board().index(probe.next_shot(view, probe_rng));
    // The density shooter counts each ship on its own: its cell may be one no whole layout covers.
    if (std::none_of(ranked.begin(), ranked.end(), [&](const auto& r) { return r.second == own; }))
      own = ranked.front().second;
    // While hunting, one-step rollouts changed 1.4 percent of the density shooter's cells and
    // gained nothing measurable (docs/expert.md): they are kept for targeting.
    if (search_phase(view) == SearchPhase::hunting) return view.board().coord(own);
    picks_.clear();
    picks_.push_back(own);
    for (const auto& [p, c] : ranked) {
      if (picks_.size() >= static_cast<std::size_t>((std::max)(candidates, 1))) break;
      if (c != own) picks_.push_back(c);
    }
    if (picks_.size() == 1) return view.board().coord(own);
    prepare_layouts(view, seed);
    const std::size_t m = sims_.size();
    if (m < 2) return view.board().coord(own);
    base_shots_.resize(m);
    for (std::size_t j = 0; j < m; ++j) {
      if (j % 256 == 255 && detail::run_stopping()) return view.board().coord(own);
      base_shots_[j] = rollout(view, sims_[j], own, derive_seed(seed, j));
    }
    std::size_t pick = own;
    double best = 0;
    for (std::size_t i = 1; i < picks_.size(); ++i) {
      double sum = 0, sum2 = 0;
      for (std::size_t j = 0; j < m; ++j) {
        // A stopped run counts no game of this move: any legal cell will do.
        if (j % 256 == 255 && detail::run_stopping()) return view.board().coord(own);
        const double d = rollout(view, sims_[j], picks_[i], derive_seed(seed, j)) - base_shots_[j];
        sum += d;
        sum2 += d * d;
      }
      const double n = static_cast<double>(m);
      const double mean = sum / n;
      const double se = std::sqrt((std::max)(0.0, sum2 / n - mean * mean) / (n - 1));
      if (mean < best && mean + margin * se < 0) {
        best = mean;
        pick = picks_[i];
      }
    }
    return view.board().coord(pick);
  }

  /// Learns from the outcome of the shot at `cell`.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    bayes_.on_result(view, cell, told); // tells its density shooter too
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
    sim_base_ = bayes_.density();
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

  // ---- exact lookahead -------------------------------------------------------------------------

  /// With every consistent layout listed: the cell after which the greedy rule (fire where the
  /// most layouts put a ship) takes the fewest expected shots to finish, computed exactly over the
  /// layouts; nothing when they could not be listed.
  std::optional<std::size_t> exact_lookahead(const TargetView<S>& view) {
    drawn_.clear();
    const auto limit = static_cast<std::size_t>(std::clamp(exact_layouts, 0, 65'535)); // uint16 ids
    if (!posterior_.collect(drawn_, limit, 400'000) || drawn_.empty()) return std::nullopt;
    sims_.resize(drawn_.size());
    for (std::size_t j = 0; j < drawn_.size(); ++j) make_sim(view, drawn_[j], sims_[j]);
    disclosure_ = view.rules().disclosure;
    set_.resize(sims_.size());
    for (std::size_t j = 0; j < set_.size(); ++j) set_[j] = static_cast<std::uint16_t>(j);
    key_.resize(sims_.size());
    const bitboard_type& shots = view.shots();
    Coverage cover;
    const bitboard_type covered = count_cover(set_.data(), set_.data() + set_.size(), shots, cover);
    const std::size_t own = greedy_cell(view.board(), cover, covered);
    // The cells the most layouts cover, the rule's own first.
    std::array<Ranked, S::capacity> order; // left uninitialised: filled as far as used
    std::size_t n = 0;
    for (std::size_t c = 0; c < cover.size(); ++c)
      if (cover[c] > 0 && c != own) order[n++] = {-cover[c], static_cast<std::uint16_t>(c)};
    const auto judged =
        (std::min)(n, static_cast<std::size_t>((std::max)(exact_candidates, 1) - 1));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(judged),
                      order.begin() + static_cast<std::ptrdiff_t>(n));
    double best = play_on(view.board(), set_.data(), set_.data() + set_.size(), shots, own);
    std::size_t pick = own;
    for (std::size_t i = 0; i < judged && !detail::run_stopping(); ++i) {
      const double v =
          play_on(view.board(), set_.data(), set_.data() + set_.size(), shots, order[i].second);
      if (v < best - 1e-9) {
        best = v;
        pick = order[i].second;
      }
    }
    return pick;
  }

  /// How many layouts put an unshot ship cell on each cell.
  using Coverage = std::array<int, S::capacity>;

  /// A cell or layout with its sort key, ordered as std::pair orders (key, then id), but with no
  /// constructor: the arrays of them on the stack are not zeroed on every call.
  struct Ranked {
    int first;
    std::uint16_t second;
    friend bool operator<(const Ranked& a, const Ranked& b) noexcept {
      return a.first < b.first || (a.first == b.first && a.second < b.second);
    }
  };

  /// Fills `cover`; returns the cells it counts above zero.
  bitboard_type count_cover(const std::uint16_t* first, const std::uint16_t* last,
                            const bitboard_type& shots, Coverage& cover) const {
    cover.fill(0);
    bitboard_type covered;
    for (const std::uint16_t* j = first; j != last; ++j) {
      const bitboard_type left = sims_[*j].occupied - shots;
      covered |= left;
      left.for_each([&](std::size_t c) { ++cover[c]; });
    }
    return covered;
  }

  /// The greedy rule: the most covered cell; ties to the cell whose edge neighbours are covered
  /// least (the hunt spreads out, as the density shooter's does), then the lowest index.
  /// `covered`: the cells `cover` counts above zero (count_cover's result).
  static std::size_t greedy_cell(const Board<S>& board, const Coverage& cover,
                                 const bitboard_type& covered) {
    const auto cols = static_cast<std::size_t>(board.cols());
    const auto cells = static_cast<std::size_t>(board.cells());
    std::size_t pick = 0;
    std::int64_t best = -1; // 64 bits: `long` has 32 on some platforms, too few for the shift
    covered.for_each([&](std::size_t c) { // in increasing order, as a scan of every cell
      const std::int64_t around = detail::edge_neighbour_sum(
          c, cols, cells, [&](std::size_t n) { return static_cast<std::int64_t>(cover[n]); });
      const std::int64_t key = (static_cast<std::int64_t>(cover[c]) << 24) - around;
      if (key > best) {
        best = key;
        pick = c;
      }
    });
    return pick;
  }

  /// Expected shots to finish against the equally likely layouts [first, last) (reordered) when
  /// firing at `c` now and following the greedy rule after.
  double play_on(const Board<S>& board, std::uint16_t* first, std::uint16_t* last,
                 const bitboard_type& shots, std::size_t c) {
    bitboard_type after = shots;
    after.set(c);
    // Each layout's announcement is computed once; the recursion below rewrites the keys of its
    // own class only, after this level has grouped them.
    for (std::uint16_t* i = first; i != last; ++i) key_[*i] = outcome_key(*i, c, after);
    std::sort(first, last, [&](std::uint16_t a, std::uint16_t b) { return key_[a] < key_[b]; });
    const auto n = static_cast<double>(last - first);
    double total = 1;
    for (std::uint16_t* i = first; i != last;) {
      const int key = key_[*i];
      std::uint16_t* e = i;
      while (e != last && key_[*e] == key) ++e;
      if (key < 64) // otherwise the game is over in this class
        total += static_cast<double>(e - i) / n * greedy_value(board, i, e, after);
      i = e;
    }
    return total;
  }

  /// Expected shots of the greedy rule to finish against the layouts [first, last).
  double greedy_value(const Board<S>& board, std::uint16_t* first, std::uint16_t* last,
                      const bitboard_type& shots) {
    if (last - first == 1) return remaining(*first, shots);
    Coverage cover;
    const bitboard_type covered = count_cover(first, last, shots, cover);
    return play_on(board, first, last, shots, greedy_cell(board, cover, covered));
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
    std::uint64_t hash = 0; // of set and shots (seal()): looked up, then stored, hashed once
    void seal() noexcept {
      std::uint64_t h = mix64(set);
      for (auto w : shots.data()) h = mix64(h ^ w);
      hash = h;
    }
    friend bool operator==(const MemoKey&, const MemoKey&) = default;
  };
  struct MemoHash {
    std::size_t operator()(const MemoKey& k) const noexcept {
      return static_cast<std::size_t>(k.hash);
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
  double solve(std::span<const std::uint16_t> set, const bitboard_type& shots,
               const bitboard_type& open, std::size_t* pick) {
    if (--nodes_ < 0 || (nodes_ % 4096 == 0 && detail::run_stopping())) {
      nodes_ = -1; // as if the budget ran out: a stopped run counts no game of this move
      return std::numeric_limits<double>::infinity();
    }
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
    key.seal();
    if (!pick) {
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    bound /= n;
    useful &= open;
    // Cells ordered by how many layouts put a ship there (likeliest first: good cuts early).
    std::array<Ranked, S::capacity> order; // left uninitialised: filled as far as used
    std::size_t cells = 0;
    Coverage cover; // layouts with a ship on each useful cell, layout by layout
    useful.for_each([&](std::size_t c) { cover[c] = 0; });
    for (auto j : set) (sims_[j].occupied & useful).for_each([&](std::size_t c) { ++cover[c]; });
    useful.for_each([&](std::size_t c) {
      order[cells++] = {-cover[c], static_cast<std::uint16_t>(c)};
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
  double split(std::span<const std::uint16_t> set, std::size_t c, const bitboard_type& after,
               const bitboard_type& open, double cutoff) {
    // At most 64 layouts (a search's sets are 64-bit masks): on the stack, not the heap.
    std::array<Ranked, 64> keyed_store; // left uninitialised: filled as far as used
    const std::size_t count = set.size();
    for (std::size_t m = 0; m < count; ++m)
      keyed_store[m] = {outcome_key(set[m], c, after), set[m]};
    const std::span<Ranked> keyed(keyed_store.data(), count);
    std::sort(keyed.begin(), keyed.end());
    const auto n = static_cast<double>(set.size());
    // Lower bound of the expectation first: cut before solving anything.
    double lower = 0;
    for (const auto& [key, j] : keyed)
      if (key < 64) lower += remaining(j, after) / n;
    if (lower > cutoff + 1e-12) return lower;
    double total = 0;
    std::array<std::uint16_t, 64> cls;
    for (std::size_t i = 0; i < keyed.size();) {
      std::size_t e = i;
      while (e < keyed.size() && keyed[e].first == keyed[i].first) ++e;
      if (keyed[i].first < 64) { // otherwise the game is over in this class
        for (std::size_t m = i; m < e; ++m) cls[m - i] = keyed[m].second;
        total += static_cast<double>(e - i) / n *
                 solve(std::span<const std::uint16_t>(cls.data(), e - i), after, open, nullptr);
        if (nodes_ < 0) return std::numeric_limits<double>::infinity();
      }
      i = e;
    }
    return total;
  }

  BayesShooter<S> bayes_; // the posterior, and the density shooter (`density()`) told alike
  std::shared_ptr<const detail::FleetGeometry<S>> geometry_;
  detail::ShotLog<S> log_;
  detail::Posterior<S> posterior_;
  std::vector<detail::Layout<S>> drawn_;
  std::vector<double> weights_;
  std::vector<Sim> sims_;
  std::vector<std::pair<double, std::size_t>> ranked_;
  std::vector<std::uint16_t> set_;
  std::vector<int> key_; // play_on's announcement of each layout, by layout id
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
