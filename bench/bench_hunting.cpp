// How the hunt decides the game (issue 6's "why"): variants of the density shooter that differ
// only in how they hunt, played on the same layouts, with where their misses fall. Every variant
// targets as `probability` does; the hunting rules are:
//
//   counts         each ship afloat counts its placements clear of every shot; the cell with the
//                  largest sum wins (DataGenetics, what `probability` does)
//   hit-chance     each ship's count divided by its number of placements: the probability that
//                  the cell holds a ship, which is what `bayes` maximises
//   small-first    each ship's count multiplied by its number of placements: the ships with the
//                  most placements (the small ones) weigh most
//   ... +spread    ties go to the cell whose edge neighbours score least (the hunt spreads out
//                  like a parity pattern); otherwise ties are drawn uniformly
//   ... N% band    cells within N percent of the top score count as tied (what `bayes` does
//                  with its sampled estimates), so the tie-break decides more often
//   ... +after-miss ties go first to the cell after whose miss the best cell left scores most
//                  (a two-shot view of the hunt: a miss should spoil as little as it can)
//   ... N% noise   every score is multiplied by 1 + N% x a normal draw before the cell is chosen:
//                  what sampling does to `bayes`'s estimates (1,500 samples: about 4.5 percent)
//   ... +counts    ties (within the band, after the noise) go first to the largest count, exact
//                  (what `bayes` does while hunting on samples)
//   ... +lookahead with one ship afloat, the cell whose exact expected shots to sink it are
//                  fewest when the shots after it follow the counts (one-step lookahead over every
//                  placement of that ship: no sampling, no noise)
//
// Prints mean shots (95% interval), mean misses a game while hunting, of which with one ship
// afloat, while targeting, and each variant's mean difference in shots from the first row on the
// same layouts. Classic fleet, 10 x 10, classic rules, uniform layouts. Prints figures only.
//
//   bench_hunting [--games N] [--seed S] [--threads T]
#include "paired_runs.hpp"

#include <battleship/battleship.hpp>
#include <battleship/detail/cell_scan.hpp>
#include <battleship/strategies/probability.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
using namespace battleship;
using S = ClassicShape;
using Cells = Board<S>::bitboard_type;

/// How a variant hunts.
struct HuntRule {
  const char* name;
  double exponent;         // a ship's count is weighted by (its placements)^(exponent - 1)
  bool spread_ties;        // ties to the least-covered edge neighbours, else uniform
  bool lookahead;          // one-step exact lookahead when one ship is afloat
  double band = 0;         // cells within this fraction of the top score count as tied
  bool after_miss = false; // ties first to the best score left after a miss there
  double noise = 0;        // relative spread of a normal error put on every score (sampling)
  bool counts_key = false; // ties first to the largest count (exact, before the noise)
};

/// Every placement of a ship of each length on the board (index: length).
struct PlacementLists {
  std::vector<std::vector<Cells>> of_length;
  explicit PlacementLists(const Board<S>& board, int longest)
      : of_length(static_cast<std::size_t>(longest) + 1) {
    for (int length = 1; length <= longest; ++length)
      for (const Orientation o : {Orientation::horizontal, Orientation::vertical})
        for (int r = 0; r < board.rows(); ++r)
          for (int c = 0; c < board.cols(); ++c) {
            const Placement p{{r, c}, o, length};
            if (board.contains(p.last()))
              of_length[static_cast<std::size_t>(length)].push_back(board.mask(p));
          }
  }
};

using Scores = std::array<double, S::capacity>;

/// The best-scoring cell of `candidates`: cells within `band` of the top score (relative, and
/// 1e-12 for rounding) are tied; ties go to the cell with the largest `first_key` when given, then
/// to the cell whose edge neighbours score least when `spread`, then to the lowest index (or a
/// uniform draw when `rng` is given).
template <class FirstKey = std::nullptr_t>
std::size_t best_cell(const Board<S>& board, const Cells& candidates, const Scores& score,
                      bool spread, Rng* rng, double band = 0, FirstKey first_key = nullptr) {
  double top = -1;
  candidates.for_each([&](std::size_t c) { top = std::max(top, score[c]); });
  const auto cols = static_cast<std::size_t>(board.cols());
  const auto cells = static_cast<std::size_t>(board.cells());
  auto around = [&](std::size_t c) {
    return detail::edge_neighbour_sum(c, cols, cells, [&](std::size_t n) { return score[n]; });
  };
  // Keys compared in order: larger first key wins, then smaller neighbour sum.
  double best_key = 0, least = 0;
  std::size_t pick = candidates.first();
  int ties = 0;
  candidates.for_each([&](std::size_t c) {
    if (score[c] < top * (1 - band - 1e-12)) return;
    double key = 0;
    if constexpr (!std::is_same_v<FirstKey, std::nullptr_t>) key = first_key(c);
    const double a = spread ? around(c) : 0;
    const bool better_key = key > best_key * (1 + 1e-12) + 1e-300;
    const bool same_key = !better_key && key >= best_key * (1 - 1e-12);
    if (ties == 0 || better_key || (same_key && a < least * (1 - 1e-12))) {
      best_key = key;
      least = a;
      pick = c;
      ties = 1;
    } else if (same_key && a <= least * (1 + 1e-12)) {
      ++ties;
      if (rng && rng->below(ties) == 0) pick = c;
    }
  });
  return pick;
}

/// The exact one-ship problem: equally likely placements of the one ship afloat; how many
/// shots the counts rule takes to sink it, and the first shot that minimises that.
class LastShip {
public:
  LastShip(const Board<S>& board, std::vector<Cells> placements)
      : board_(board), placements_(std::move(placements)) {}

  /// The cell after which the counts rule needs the fewest expected shots (the rule's own cell
  /// unless another is strictly better).
  std::size_t choose(const Cells& shots) const {
    std::vector<std::size_t> all(placements_.size());
    for (std::size_t j = 0; j < all.size(); ++j) all[j] = j;
    const std::size_t own = greedy(all, shots);
    double best = after(all, shots, own);
    std::size_t pick = own;
    covered(all, shots).for_each([&](std::size_t c) {
      if (c == own) return;
      if (const double v = after(all, shots, c); v < best - 1e-12) {
        best = v;
        pick = c;
      }
    });
    return pick;
  }

private:
  Cells covered(const std::vector<std::size_t>& set, const Cells& shots) const {
    Cells any;
    for (const std::size_t j : set) any |= placements_[j];
    return any - shots;
  }

  /// The counts rule on this problem: the cell most placements cover, spread ties.
  std::size_t greedy(const std::vector<std::size_t>& set, const Cells& shots) const {
    Scores count{};
    for (const std::size_t j : set)
      (placements_[j] - shots).for_each([&](std::size_t c) { count[c] += 1; });
    return best_cell(board_, covered(set, shots), count, true, nullptr);
  }

  /// Expected shots to sink the ship when firing at `c` now and following the rule after.
  double after(const std::vector<std::size_t>& set, const Cells& shots, std::size_t c) const {
    Cells next = shots;
    next.set(c);
    std::vector<std::size_t> hit, miss;
    for (const std::size_t j : set) {
      if (!placements_[j].test(c))
        miss.push_back(j);
      else if ((placements_[j] - next).any())
        hit.push_back(j); // hit, not sunk: the game goes on
    }
    const auto n = static_cast<double>(set.size());
    double v = 1;
    if (!hit.empty()) v += static_cast<double>(hit.size()) / n * value(hit, next);
    if (!miss.empty()) v += static_cast<double>(miss.size()) / n * value(miss, next);
    return v;
  }

  double value(const std::vector<std::size_t>& set, const Cells& shots) const {
    if (set.size() == 1) return (placements_[set.front()] - shots).count();
    return after(set, shots, greedy(set, shots));
  }

  const Board<S>& board_;
  std::vector<Cells> placements_;
};

/// The density shooter's targeting with one of the hunting rules above.
class HuntingShooter {
public:
  HuntingShooter(HuntRule rule, std::shared_ptr<const PlacementLists> lists)
      : rule_(rule), lists_(std::move(lists)) {}

  void start(const TargetView<S>& view) { target_.start(view); }

  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const Board<S>& board = view.board();
    if (rule_.lookahead && view.afloat_count() == 1)
      if (const auto c = last_ship(view)) return board.coord(*c);
    if (search_phase(view) != SearchPhase::hunting) return target_.next_shot(view, rng);
    const Cells blocked = view.shots() | target_.known_water();
    Scores score{}, counts{};
    // Each fitting placement with its weight, for the after-miss rule.
    std::vector<std::pair<const Cells*, double>> fitting;
    for (int ship = 0; ship < view.fleet().ship_count(); ++ship) {
      if (view.known_sunk(ship)) continue;
      const auto& list = lists_->of_length[static_cast<std::size_t>(view.ship_length(ship))];
      Scores count{};
      const std::size_t from = fitting.size();
      for (const Cells& p : list) {
        if (p.intersects(blocked)) continue;
        fitting.emplace_back(&p, 0.0);
        p.for_each([&](std::size_t c) { count[c] += 1; });
      }
      const std::size_t fits = fitting.size() - from;
      if (fits == 0) continue;
      const double weight = std::pow(static_cast<double>(fits), rule_.exponent - 1);
      for (std::size_t j = from; j < fitting.size(); ++j) fitting[j].second = weight;
      for (std::size_t c = 0; c < score.size(); ++c) {
        score[c] += weight * count[c];
        counts[c] += count[c];
      }
    }
    const Cells open = view.open() - target_.known_water();
    if (open.none()) return target_.next_shot(view, rng);
    if (rule_.noise > 0)
      open.for_each([&](std::size_t c) { score[c] *= 1 + rule_.noise * normal(rng); });
    if (rule_.counts_key)
      return board.coord(best_cell(board, open, score, rule_.spread_ties, &rng, rule_.band,
                                   [&](std::size_t c) { return counts[c]; }));
    if (!rule_.after_miss)
      return board.coord(best_cell(board, open, score, rule_.spread_ties, &rng, rule_.band));
    // The best score left on another open cell if a shot at `c` missed: every placement through
    // `c` is gone.
    auto best_left = [&](std::size_t c) {
      Scores left = score;
      for (const auto& [p, weight] : fitting)
        if (p->test(c)) p->for_each([&, w = weight](std::size_t d) { left[d] -= w; });
      double most = 0;
      open.for_each([&](std::size_t d) {
        if (d != c) most = std::max(most, left[d]);
      });
      return most;
    };
    return board.coord(
        best_cell(board, open, score, rule_.spread_ties, &rng, rule_.band, best_left));
  }

  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    target_.on_result(view, cell, told);
  }

private:
  /// A standard normal draw (Box-Muller).
  static double normal(Rng& rng) {
    const double u = 1 - rng.uniform01(), v = rng.uniform01();
    return std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v);
  }

  /// With one ship afloat: the lookahead's cell, or nothing when the sinkings left some hit
  /// unexplained in a way one ship cannot cover (the density shooter then decides).
  std::optional<std::size_t> last_ship(const TargetView<S>& view) const {
    int ship = 0;
    while (view.known_sunk(ship)) ++ship;
    const Cells water = view.misses() | target_.known_water() | target_.explained();
    const Cells need = view.hits() - target_.explained();
    std::vector<Cells> placements;
    for (const Cells& p : lists_->of_length[static_cast<std::size_t>(view.ship_length(ship))])
      if (!p.intersects(water) && need.subset_of(p) && (p - view.shots()).any())
        placements.push_back(p);
    if (placements.empty()) return std::nullopt;
    return LastShip(view.board(), std::move(placements)).choose(view.shots());
  }

  HuntRule rule_;
  std::shared_ptr<const PlacementLists> lists_;
  ProbabilityShooter<S> target_;
};

} // namespace

int main(int argc, char** argv) {
  const bench::PairedOptions o = bench::parse_paired(argc, argv, "bench_hunting", 20'000);
  const Board<S> board;
  auto lists = std::make_shared<const PlacementLists>(board, fleets::classic.longest());
  const HuntRule rules[] = {
      {"counts +spread", 1, true, false},
      {"counts", 1, false, false},
      {"hit-chance +spread", 0, true, false},
      {"hit-chance", 0, false, false},
      {"small-first +spread", 2, true, false},
      {"counts +spread +lookahead", 1, true, true},
      {"counts 5% band +spread", 1, true, false, 0.05},
      {"counts 5% band +after-miss", 1, true, false, 0.05, true},
      {"hit-chance, 4.5% noise, 1.5% band +spread", 0, true, false, 0.015, false, 0.045},
      {"hit-chance, 4.5% noise, 10% band +counts", 0, true, false, 0.10, false, 0.045, true},
  };
  std::size_t longest = 0; // the noise rows' names are longer than the usual column
  for (const HuntRule& rule : rules)
    longest = std::max(longest, std::string_view(rule.name).size());
  bench::Comparison table(o, "hunting rules", "hunting rule", static_cast<int>(longest));
  for (const HuntRule& rule : rules) table.row(rule.name, HuntingShooter(rule, lists));
  table.row("probability (registry)", ProbabilityShooter<S>{});
}
