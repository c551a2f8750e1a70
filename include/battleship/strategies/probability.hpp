/// @file strategies/probability.hpp
/// @brief The probability-density shooter (DataGenetics, 2011; the "probability shooter" seed 001
/// describes but never built): count every way each ship still afloat could lie, fire where the
/// count is highest.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include <battleship/detail/cell_scan.hpp>
#include <battleship/detail/posterior.hpp>
#include <battleship/detail/posterior_geometry.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategies/detail/deductions.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// The DataGenetics probability-density shooter (issue 6's `probability`; seed 001's
/// "Probability Shooter").
///
/// **Hunt mode** (every hit explained by a sunk ship): for each ship that may still be afloat,
/// count its placements that avoid every shot and every cell known to be water; fire at the open
/// cell covered by the most placements, summed over the ships afloat. The counts are kept up to
/// date incrementally (a shot only removes the placements through it), so a hunting shot costs a
/// few hundred additions.
///
/// **Target mode** (some hit not yet explained by a sunk ship): only placements through at least
/// one unexplained hit count, each weighted `hit_weight` times more per further unexplained hit it
/// covers, so a line of hits is followed first; a placement made only of hits, which would have
/// sunk a ship that was not announced, is skipped. Hunt-mode counts break ties.
///
/// **Rules.** Sinkings are used as far as the disclosure rule reveals them: under
/// `sunk_with_name` the named ship no longer counts; under `hit_and_sunk` a sunk ship's length is
/// learnt when only one length fits; under `hit_only` every ship always counts. A sinking also
/// says that the sinking cell is the ship's last one shot: the ship is resolved when exactly one
/// placement of a fitting length through that cell consists of unexplained hits shot no later,
/// and ambiguous sinkings are retried after every later sinking (meanwhile the cells common to
/// every candidate are explained). Under the no-touch rules the ring around a resolved ship, and
/// under `no_contact` the diagonal neighbours of every hit, are water, and placements touching a
/// hit they do not cover are skipped. The shooter never fires at known water while another cell is
/// open.
///
/// **Salvos.** Each cell of a volley is chosen with the earlier ones pending: a placement through
/// a pending cell counts `salvo_discount` times per pending cell, so the volley spreads over
/// different placements instead of taking the top cells blindly.
///
/// Hunting ties go to the tied cell whose edge neighbours have the lowest total count (the hunt
/// spreads out like a parity pattern); remaining ties, and target-mode ties, go to a uniformly
/// drawn cell.
template <BoardShape S>
class ProbabilityShooter {
  static_assert(S::capacity <= max_strategy_cells,
                "the engine's shooters take board shapes of at most max_strategy_cells (65,536) "
                "cells: they hold cell indices in 16 bits");

public:
  /// Registry name.
  static constexpr const char* name = "probability";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "DataGenetics density: most placements of the ships afloat, hits weighted (seed 001)";

  /// Target-mode weight factor per further unexplained hit a placement covers (at least 1; the
  /// weights stop growing at 2^40).
  int hit_weight = 8;
  /// Factor per pending salvo cell a placement covers.
  double salvo_discount = 0.3;

  /// Starts a game.
  void start(const TargetView<S>& view) {
    const auto& g = detail::FleetGeometry<S>::ensure(geometry_, view.board(), view.fleet(),
                                                     view.rules().touching);
    cells_ = view.board().cells();
    lengths_ = g.length_count();
    longest_ = 0;
    one_ = -1;
    for (int k = 0; k < lengths_; ++k) {
      afloat_[static_cast<std::size_t>(k)] = g.copies(k);
      length_[static_cast<std::size_t>(k)] = g.length(k);
      longest_ = (std::max)(longest_, g.length(k));
      if (g.length(k) == 1) one_ = k;
    }
    refresh_live();
    if (!fresh_ || fresh_->geometry != geometry_) prepare();
    density_ = fresh_->density;
    drops_ = fresh_->drops; // no allocation after the first game: same size
    free_ = view.board().all();
    free_down_ = free_; // the same indices [0, cells)
    water_.clear();
    explained_.clear();
    log_.start();
    waiting_ = 0;
    reports_seen_ = 0;
    disclosure_ = view.rules().disclosure;
    touching_ = view.rules().touching;
    if (touching_ != Touching::allowed) masks_.prepare(view.board()); // for line_water
  }

  /// The open cell with the highest count (see the class description).
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const bitboard_type unexplained = view.hits() - explained_;
    const bool salvo = view.pending().any();
    if (!salvo && unexplained.none()) return hunt(view, rng);
    const bitboard_type candidates = shootable(view);
    if (candidates.none()) return Coord{-1, -1};
    if (salvo) return salvo_shot(view, candidates, unexplained, rng);
    std::array<std::int64_t, S::capacity> score; // target_scores zeroes the cells it scores
    const bitboard_type scored = candidates & target_scores(view, unexplained, score);
    // Hunt-mode counts break ties between equal target weights. A scored cell beats every
    // unscored one, so only they need a look (the same cell is chosen either way).
    if (scored.none())
      return best(view, candidates, rng, [&](std::size_t c) { return std::int64_t{density_[c]}; });
    return best(view, scored, rng, [&](std::size_t c) { return (score[c] << 20) + density_[c]; });
  }

  /// Learns from the outcome of the shot at `cell`.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (!told.valid()) return;
    const Board<S>& board = view.board();
    const std::size_t i = board.index(cell);
    log_.record(i);
    remove_free(i);
    if (!told.struck()) return;
    if (touching_ == Touching::no_contact) {
      bitboard_type here;
      here.set(i);
      mark_water(board.dilate8(here) - board.dilate4(here), view);
    }
    if (touching_ != Touching::allowed) { // a line of hits: the cells beside it are water
      bitboard_type here;
      here.set(i);
      mark_water(detail::line_water(masks_, here, view.hits()), view);
    }
    if (told.sank()) learn_sinkings(view);
  }

  /// The hunt-mode count of cell `c` (an index): the placements of the ships afloat through it
  /// that avoid every shot and every cell known to be water, kept up to date shot by shot.
  [[nodiscard]] long hunt_count(std::size_t c) const noexcept { return long{density_[c]}; }
  /// Hit cells known to belong to sunk ships.
  [[nodiscard]] const auto& explained() const noexcept { return explained_; }
  /// Cells known to be water, shot or not.
  [[nodiscard]] const auto& known_water() const noexcept { return water_; }

private:
  using bitboard_type = typename Board<S>::bitboard_type;
  using Option = typename detail::FleetGeometry<S>::Option;
  struct Fresh; // what every game on a geometry starts from (below)

  struct Sinking {
    std::size_t cell = 0;
    int ship = -1;
    bool length_known = false; // an unnamed sinking whose length was already taken off
  };

  /// Computes the density and drop tables every game of the current geometry starts from.
  void prepare() {
    const auto& g = *geometry_;
    const auto cells = static_cast<std::size_t>(cells_);
    auto fresh = std::make_shared<Fresh>();
    fresh->geometry = geometry_;
    const Board<S>& board = g.board();
    fresh->across_starts.assign(static_cast<std::size_t>(lengths_), bitboard_type{});
    for (std::size_t c = 0; c < cells; ++c)
      for (std::size_t k = 0; k < static_cast<std::size_t>(lengths_); ++k)
        if (board.coord(c).col + length_[k] <= board.cols()) fresh->across_starts[k].set(c);
    for (std::size_t k = 0; k < static_cast<std::size_t>(lengths_); ++k)
      for (std::size_t c = 0; c < cells; ++c)
        fresh->density[c] =
            static_cast<density_type>(fresh->density[c] + afloat_[k] * g.coverage()[k * cells + c]);
    // Drop tables, when small: row (before, after) holds, from offset -before to after, how many
    // placements through the origin of the stretch [-before, after] cover each cell.
    if (longest_ - 1 <= max_table_reach) {
      const auto reach = static_cast<std::size_t>(longest_ - 1);
      const std::size_t block = (reach + 1) * (reach + 1) * drop_stride();
      fresh->covers.assign(static_cast<std::size_t>(lengths_) * block, density_type{0});
      fresh->drops.assign(block, density_type{0});
      for (std::size_t k = 0; k < static_cast<std::size_t>(lengths_); ++k) {
        if (length_[k] == 1) continue; // a length-1 ship is dropped on its own
        for (int before = 0; before <= longest_ - 1; ++before)
          for (int after = 0; after <= longest_ - 1; ++after) {
            density_type* row = fresh->covers.data() + k * block + drop_row(before, after);
            window_counts(length_[k], before, after, [&](int t, int n) {
              row[static_cast<std::size_t>(before + t)] = static_cast<density_type>(n);
            });
          }
        for (std::size_t e = 0; e < block; ++e)
          fresh->drops[e] = static_cast<density_type>(fresh->drops[e] +
                                                      afloat_[k] * fresh->covers[k * block + e]);
      }
    }
    prepare_keys(*fresh);
    fresh_ = std::move(fresh);
  }

  /// The masks and shift of hunt_by_keys, when the keys fit the count type.
  void prepare_keys(Fresh& fresh) const {
    const Board<S>& board = geometry_->board();
    const auto cols = static_cast<std::size_t>(board.cols());
    const auto cells = static_cast<std::size_t>(cells_);
    // Counts only fall: the largest sum of edge neighbours' counts is the first one's.
    int top = 0, most = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      const std::size_t col = c % cols;
      fresh.has_left[c] = static_cast<density_type>(col > 0 ? -1 : 0);
      fresh.has_right[c] = static_cast<density_type>(col + 1 < cols ? -1 : 0);
      int sum = 0;
      if (col > 0) sum += fresh.density[c - 1];
      if (col + 1 < cols) sum += fresh.density[c + 1];
      if (c >= cols) sum += fresh.density[c - cols];
      if (c + cols < cells) sum += fresh.density[c + cols];
      top = (std::max)(top, static_cast<int>(fresh.density[c]));
      most = (std::max)(most, sum);
    }
    const int shift = static_cast<int>(std::bit_width(static_cast<unsigned>(most)));
    const auto limit = static_cast<long long>((std::numeric_limits<density_type>::max)());
    fresh.shift = static_cast<long long>(top) << shift <= limit ? shift : -1;
  }

  /// Distance between drop-table rows: a row's 2 x longest - 1 entries, then zeros to a whole
  /// number of 8 (a row is then subtracted from a board row in whole vectors).
  [[nodiscard]] std::size_t drop_stride() const noexcept {
    return (static_cast<std::size_t>(2 * longest_ - 1) + 7) / 8 * 8;
  }

  /// Index of row (before, after) in a drop table.
  [[nodiscard]] std::size_t drop_row(int before, int after) const noexcept {
    const auto r = static_cast<std::size_t>(longest_);
    return (static_cast<std::size_t>(before) * r + static_cast<std::size_t>(after)) * drop_stride();
  }

  /// Calls `f(t, n)` for the cells at offsets t of the stretch [-before, after] covered by
  /// windows of `length` through offset 0, n of them each (nothing when none fits).
  template <class F>
  static void window_counts(int length, int before, int after, F&& f) {
    if (length > before + after + 1) return;
    // Windows through 0 start at offsets first..last (both at most 0).
    const int first = -(std::min)(before, length - 1);
    const int last = (std::min)(after, length - 1) - (length - 1);
    // The j-th cell from offset `first` is covered by min(j + 1, peak, span - j) of them (one
    // loop with no test per cell: a loop per edge would cost more mispredicted exits).
    const int runs = last - first + 1;
    const int peak = (std::min)(runs, length);
    const int span = runs + length - 1;
    for (int j = 0; j < span; ++j) f(first + j, (std::min)((std::min)(j + 1, span - j), peak));
  }

  /// Hunting shot: the candidate with the highest count, summed over the ships afloat. Shot cells
  /// and known water have no placement left, so a plain scan of the board finds the best count
  /// (the shootable cells are needed only when no placement is left at all).
  Coord hunt(const TargetView<S>& view, Rng& rng) {
    if (fresh_->shift >= 0) return hunt_by_keys(view, rng);
    const density_type top = detail::max_value(density_);
    if (top == 0) { // no placement left anywhere (inconsistent information): any candidate
      const bitboard_type candidates = shootable(view);
      if (candidates.none()) return Coord{-1, -1};
      return best(view, candidates, rng, [](std::size_t) { return std::int64_t{0}; });
    }
    const auto tied = detail::equal_mask<bitboard_type::words>(density_, top);
    if (const std::size_t only = single_bit(tied); only != no_cell) return view.board().coord(only);
    // Tied: the cell whose edge neighbours are covered by the fewest placements, so that the
    // hunt spreads out as a parity pattern does (measured: 44.28 shots against 44.67 for a
    // uniform draw among the ties); then a uniform draw.
    // The ties are few and unpredictable: the sums first, then the least, then the cells that
    // have it (in increasing order), with no branch on a sum.
    const auto cols = static_cast<std::size_t>(view.board().cols());
    const auto cells = static_cast<std::size_t>(cells_);
    std::array<int, S::capacity> around;
    std::array<std::uint16_t, S::capacity> cell;
    std::size_t n = 0;
    for (std::size_t w = 0; w < bitboard_type::words; ++w)
      for (std::uint64_t bits = tied[w]; bits != 0; bits &= bits - 1) {
        const std::size_t c = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        const std::size_t col = c % cols;
        int sum = 0;
        if (col > 0) sum += density_[c - 1];
        if (col + 1 < cols) sum += density_[c + 1];
        if (c >= cols) sum += density_[c - cols];
        if (c + cols < cells) sum += density_[c + cols];
        around[n] = sum;
        cell[n++] = static_cast<std::uint16_t>(c);
      }
    // From the largest int, not around[0]: GCC 12 cannot see that n > 1 and warns at -O1.
    int least = (std::numeric_limits<int>::max)();
    for (std::size_t j = 0; j < n; ++j) least = around[j] < least ? around[j] : least;
    std::size_t ties = 0;
    for (std::size_t j = 0; j < n; ++j) {
      cell[ties] = cell[j];
      ties += around[j] == least;
    }
    const int pick = ties > 1 ? rng.below(static_cast<int>(ties)) : 0;
    return view.board().coord(cell[static_cast<std::size_t>(pick)]);
  }

  /// hunt, with one key per cell instead of a second look at the tied cells: the count shifted
  /// left past the largest sum of edge neighbours' counts a cell can have, minus its own sum, so
  /// that the largest key is the largest count with the least sum (vector code throughout).
  Coord hunt_by_keys(const TargetView<S>& view, Rng& rng) {
    const Fresh& f = *fresh_;
    const auto cols = static_cast<std::size_t>(view.board().cols());
    // The counts between zeros, so that the neighbours above and below are plain reads.
    std::array<density_type, 3 * padded> around;
    std::fill_n(around.begin() + static_cast<std::ptrdiff_t>(padded - cols), cols, density_type{0});
    std::copy(density_.begin(), density_.end(), around.begin() + padded);
    std::fill_n(around.begin() + 2 * padded, cols, density_type{0});
    const density_type* d = around.data() + padded;
    // Signed offsets: d[c - 1] with an unsigned c of 0 would form d + SIZE_MAX, which is undefined
    // even though it wraps to the padding (clang's UBSan reports it; g++'s does not).
    const auto row = static_cast<std::ptrdiff_t>(cols);
    std::array<density_type, padded> key;
    const auto scale = static_cast<density_type>(1 << f.shift);
    for (std::size_t c = 0; c < padded; ++c) {
      const density_type* at = d + c;
      const auto sum = static_cast<density_type>((at[-1] & f.has_left[c]) +
                                                 (at[1] & f.has_right[c]) + at[-row] + at[row]);
      key[c] = static_cast<density_type>(*at * scale - sum); // 16-bit lanes: no widening
    }
    const density_type top = detail::max_value(key);
    if (top <= 0) { // no placement left anywhere (inconsistent information): any candidate
      const bitboard_type candidates = shootable(view);
      if (candidates.none()) return Coord{-1, -1};
      return best(view, candidates, rng, [](std::size_t) { return std::int64_t{0}; });
    }
    const auto tied = detail::equal_mask<bitboard_type::words>(key, top);
    int ties = 0;
    for (const std::uint64_t w : tied) ties += std::popcount(w);
    int pick = ties > 1 ? rng.below(ties) : 0;
    for (std::size_t w = 0;; ++w) {
      const int here = std::popcount(tied[w]);
      if (pick < here)
        return view.board().coord(w * 64 +
                                  detail::select_bit(tied[w], static_cast<unsigned>(pick)));
      pick -= here;
    }
  }

  static constexpr std::size_t no_cell = ~std::size_t{0};

  /// The index of the one bit set in `mask`, or no_cell when none or several are set (without
  /// a popcount, which is a library call on plain x86-64).
  static std::size_t single_bit(const std::array<std::uint64_t, bitboard_type::words>& mask) {
    std::size_t found = no_cell;
    for (std::size_t w = 0; w < bitboard_type::words; ++w) {
      const std::uint64_t bits = mask[w];
      if (bits == 0) continue;
      if (found != no_cell || (bits & (bits - 1)) != 0) return no_cell;
      found = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
    }
    return found;
  }

  /// The open cells not known to be water, or every open cell when only water is left.
  bitboard_type shootable(const TargetView<S>& view) const noexcept {
    const bitboard_type open = view.open();
    const bitboard_type candidates = open - water_;
    return candidates.any() ? candidates : open;
  }

  /// The candidate with the highest `score`, ties drawn uniformly.
  template <class Score>
  static Coord best(const TargetView<S>& view, const bitboard_type& candidates, Rng& rng,
                    Score score) {
    using value_type = decltype(score(std::size_t{}));
    // The top score, then the cells that have it in increasing order: two passes with no branch
    // on a score (which cell leads is unpredictable).
    value_type top = score(candidates.first());
    candidates.for_each([&](std::size_t c) {
      const value_type v = score(c);
      top = v > top ? v : top;
    });
    int ties = 0;
    std::array<std::uint16_t, S::capacity> tied;
    candidates.for_each([&](std::size_t c) {
      tied[static_cast<std::size_t>(ties)] = static_cast<std::uint16_t>(c);
      ties += static_cast<int>(score(c) == top);
    });
    return view.board().coord(tied[static_cast<std::size_t>(ties > 1 ? rng.below(ties) : 0)]);
  }

  /// Salvo: like a single shot, with placements through pending cells discounted.
  Coord salvo_shot(const TargetView<S>& view, const bitboard_type& candidates,
                   const bitboard_type& unexplained, Rng& rng) const {
    std::array<double, S::capacity> score{};
    if (unexplained.any()) {
      std::array<std::int64_t, S::capacity> target{};
      target_scores(view, unexplained, target);
      candidates.for_each([&](std::size_t c) { score[c] = static_cast<double>(target[c]); });
    }
    const double scale = unexplained.any() ? 1e-6 : 1.0;
    candidates.for_each([&](std::size_t c) { score[c] += scale * density_[c]; });
    discount_pending(view, unexplained, scale, score);
    return best(view, candidates, rng, [&](std::size_t c) { return score[c]; });
  }

  /// Number of cells of a small set (a ship's worth): cheaper than a library popcount.
  static int small_count(const bitboard_type& b) noexcept {
    int n = 0;
    for (auto w : b.data())
      for (; w; w &= w - 1) ++n;
    return n;
  }

  /// Whether a placement may hold a ship still afloat through unexplained hits.
  bool target_fits(const TargetView<S>& view, const Option& o,
                   const bitboard_type& blocked) const noexcept {
    if (o.cells.intersects(blocked)) return false;
    if (touching_ != Touching::allowed && (o.halo - o.cells).intersects(view.hits())) return false;
    // Made only of hits: it would have sunk, which was announced (unless nothing is announced).
    return disclosure_ == Disclosure::hit_only || !o.cells.subset_of(view.hits());
  }

  /// Adds the target weight of every placement through unexplained hits to `score`; returns the
  /// cells given some weight (their score is zeroed first; the others are left as they are).
  bitboard_type target_scores(const TargetView<S>& view, const bitboard_type& unexplained,
                              std::array<std::int64_t, S::capacity>& score) const {
    TargetCells cells; // weight is filled as far as used, not zeroed
    cells.blocked = (view.misses() | water_ | explained_) - unexplained;
    cells.unexplained = unexplained;
    cells.hits = view.hits();
    cells.blocked_or_unexplained = cells.blocked | unexplained;
    cells.weight[1] = 1;
    // Capped at 2^40, so that sums over every placement stay in range: placements through 14 or
    // more unexplained hits (ships of 15 and longer) weigh alike.
    constexpr std::int64_t cap = std::int64_t{1} << 40;
    const std::int64_t factor = (std::max)(hit_weight, 1);
    for (std::size_t m = 2; m <= static_cast<std::size_t>(longest_); ++m)
      cells.weight[m] = cells.weight[m - 1] > cap / factor ? cap : cells.weight[m - 1] * factor;
    const Board<S>& board = view.board();
    const auto cols = static_cast<std::size_t>(board.cols());
    bitboard_type touched;
    // Ships may touch: the drop table scores every line (see score_rows).
    const bool by_rows = touching_ == Touching::allowed && !drops_.empty();
    // A placement is a window of its row or column through a hit: each line is scored once.
    unexplained.for_each([&](std::size_t h) {
      const int row = static_cast<int>(h / cols), col = static_cast<int>(h % cols);
      const Line across{h,    1,    col,     board.cols() - 1 - col,
                        true, cols, row > 0, row + 1 < board.rows()};
      const Line down{h,     cols, row,     board.rows() - 1 - row,
                      false, 1,    col > 0, col + 1 < board.cols()};
      if (by_rows) {
        score_rows(across, cells, score, touched);
        score_rows(down, cells, score, touched);
      } else {
        score_line(across, cells, score, touched);
        score_line(down, cells, score, touched);
      }
    });
    return touched;
  }

  /// What target scoring reads of the board.
  struct TargetCells {
    bitboard_type blocked;     // misses, known water, explained hits: no placement covers them
    bitboard_type unexplained; // hits not yet explained by a sunk ship
    bitboard_type hits;        // every hit, for the no-touch rules
    bitboard_type blocked_or_unexplained;
    // weight[m]: hit_weight to the power m - 1, the weight of a placement covering m such hits
    std::array<std::int64_t, S::capacity + 1> weight;
  };

  /// A cell of a stretch in score_line: the unexplained hits before it, and the difference
  /// array of placement weights.
  struct Slot {
    int hits;
    std::int64_t weight;
  };

  /// A row or column through cell `origin`, as offsets from it.
  struct Line {
    std::size_t origin;
    std::size_t step; // index distance between neighbours along the line
    int room_before;  // cells of the line before `origin`
    int room_after;   // cells of the line after `origin`
    bool horizontal;
    std::size_t side_step; // index distance to a neighbour across the line
    bool side_before;      // whether the line has neighbours at -side_step
    bool side_after;       // whether the line has neighbours at +side_step

    /// The cell at offset `t` (on the line).
    [[nodiscard]] std::size_t at(int t) const noexcept {
      return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(origin) +
                                      t * static_cast<std::ptrdiff_t>(step));
    }
  };

  /// Scores the placements along `line` whose first unexplained hit is its origin, exactly as
  /// one would placement by placement. On the line a placement is a window: the windows that
  /// avoid blocked cells and earlier hits are those of one stretch around the origin, prefix
  /// counts give each one's hits, and a difference array spreads the weights over the cells.
  void score_line(const Line& line, const TargetCells& cells,
                  std::array<std::int64_t, S::capacity>& score, bitboard_type& touched) const {
    const bool complete_ok = disclosure_ == Disclosure::hit_only;
    const bool no_touch = touching_ != Touching::allowed;
    // The stretch [-before, after]: no blocked cell, and before the origin no unexplained hit
    // (a placement through an earlier hit is scored from that hit, its first).
    const int reach = live_reach();
    int before = 0, after = 0;
    for (std::size_t c = line.origin; before < (std::min)(line.room_before, reach); ++before) {
      c -= line.step;
      if (cells.blocked_or_unexplained.test(c)) break;
    }
    // Indexed from the stretch's start: slots[j].hits counts the unexplained hits of its first j
    // cells (none before the origin); the weights are the difference array of the placements'.
    std::array<Slot, S::capacity + 1> slots; // one loop, not two memsets, clears them
    for (int j = 0; j <= before; ++j) slots[static_cast<std::size_t>(j)] = Slot{0, 0};
    int seen = 1; // the origin
    for (std::size_t c = line.origin; after < (std::min)(line.room_after, reach); ++after) {
      c += line.step;
      if (cells.blocked.test(c)) break;
      slots[static_cast<std::size_t>(before + after + 1)] = Slot{seen, 0};
      seen += cells.unexplained.test(c);
    }
    slots[static_cast<std::size_t>(before + after + 1)] = Slot{seen, 0};
    int covered_from = 0, covered_to = -1; // offsets covered by some placement
    for (int q = 0; q < live_count_; ++q) {
      const auto k = static_cast<std::size_t>(live_[static_cast<std::size_t>(q)]);
      const int length = length_[k];
      if (length > before + after + 1) break;        // no window of this length or a longer one
      if (length == 1 && !line.horizontal) continue; // length 1: one placement
      const int afloat = afloat_[k];
      const int s_last = (std::min)(0, after + 1 - length);
      for (int s = (std::max)(-before, 1 - length); s <= s_last; ++s) {
        const auto from = static_cast<std::size_t>(s + before);
        const auto to = from + static_cast<std::size_t>(length); // one past its last cell
        const int covered = slots[to].hits - slots[from].hits;
        // Never made only of hits: it would have sunk, which was announced.
        if (covered == length && !complete_ok) continue;
        if (no_touch && touches_hit(line, cells, s, s + length - 1)) continue;
        const std::int64_t w = afloat * cells.weight[static_cast<std::size_t>(covered)];
        slots[from].weight += w;
        slots[to].weight -= w;
        covered_from = (std::min)(covered_from, s); // s only grows: the first one counts
        covered_to = (std::max)(covered_to, s + length - 1);
      }
    }
    // Every placement covers the origin, so the covered offsets are one run.
    std::int64_t w = 0;
    for (int t = covered_from; t <= covered_to; ++t) { // hits are never candidates
      w += slots[static_cast<std::size_t>(t + before)].weight;
      const std::size_t c = line.at(t);
      if (!touched.test(c)) {
        touched.set(c);
        score[c] = 0;
      }
      score[c] += w;
    }
  }

  /// score_line when ships may touch, from the drop table. With the origin's stretch
  /// [-before, after] and further hits at offsets p_1 < ... < p_m, the windows ending before p_1
  /// cover one hit, those ending in [p_1, p_2) two, and so on: the windows through the origin that
  /// end at most at `a` are those of the drop table's row (before, a), so the weighted count is a
  /// sum of rows, row (before, p_i - 1) weighted by the difference of consecutive weights. It also
  /// counts the windows made only of hits, which score_line skips: they cover only hits, which
  /// are never candidates, so every other cell gets the same score and is touched alike.
  void score_rows(const Line& line, const TargetCells& cells,
                  std::array<std::int64_t, S::capacity>& score, bitboard_type& touched) const {
    // The stretch, as score_line finds it, in loops of fixed length (`reach` steps) whose
    // exits are predictable: `run` stays 1 while every cell so far is on the line and open.
    const int reach = live_reach();
    int before = 0;
    for (int j = 1, run = 1; j <= reach; ++j) {
      const bool inside = j <= line.room_before;
      const std::size_t c = inside ? line.at(-j) : line.origin;
      run &= static_cast<int>(inside && !cells.blocked_or_unexplained.test(c));
      before += run;
    }
    // ends[i]: the last offset of the windows covering i + 1 hits.
    std::array<int, max_table_reach + 2> ends;
    int m = 0, after = 0;
    for (int j = 1, run = 1; j <= reach; ++j) {
      const bool inside = j <= line.room_after;
      const std::size_t c = inside ? line.at(j) : line.origin;
      run &= static_cast<int>(inside && !cells.blocked.test(c));
      ends[static_cast<std::size_t>(m)] = after; // kept only if `c` is a hit of the stretch
      m += run & static_cast<int>(cells.unexplained.test(c));
      after += run;
    }
    ends[static_cast<std::size_t>(m)] = after;
    // The windows' union: those of the longest live length that fits.
    const int longest = longest_within_[static_cast<std::size_t>(before + after + 1)];
    if (longest == 0) return;
    const int from = -(std::min)(before, longest - 1), to = (std::min)(after, longest - 1);
    // Row i, taken from offset -before, weighted by factor[i] (unsigned: the weight differences
    // may wrap, their sum does not).
    std::array<const density_type*, max_table_reach + 2> rows;
    std::array<std::uint64_t, max_table_reach + 2> factor;
    for (int i = 0; i <= m; ++i) {
      const auto u = static_cast<std::size_t>(i);
      rows[u] = drops_.data() + drop_row(before, ends[u]) + before;
      factor[u] = static_cast<std::uint64_t>(cells.weight[u + 1]) -
                  (i < m ? static_cast<std::uint64_t>(cells.weight[u + 2]) : 0);
    }
    const auto add = [&](auto value) {
      for (int t = from; t <= to; ++t) {
        const std::size_t c = line.at(t);
        // A cell first touched starts from zero (a mask, not a branch).
        const std::uint64_t kept = std::uint64_t{0} - std::uint64_t{touched.test(c)};
        score[c] =
            static_cast<std::int64_t>((static_cast<std::uint64_t>(score[c]) & kept) + value(t));
        touched.set(c);
      }
    };
    if (m == 0) // one hit on the line, the usual case: the row itself
      return add([&](int t) { return static_cast<std::uint64_t>(rows[0][t]); });
    add([&](int t) {
      std::uint64_t sum = 0;
      for (std::size_t i = 0; i <= static_cast<std::size_t>(m); ++i)
        sum += factor[i] * static_cast<std::uint64_t>(rows[i][t]);
      return sum;
    });
  }

  /// No-touch rules: whether the placement on offsets [s, e] of `line` touches a hit it does not
  /// cover (its halo: the cells beside it, the cells at its ends and, under no_contact, theirs).
  bool touches_hit(const Line& line, const TargetCells& cells, int s, int e) const noexcept {
    const auto beside = [&](int t) {
      const std::size_t c = line.at(t);
      return (line.side_before && cells.hits.test(c - line.side_step)) ||
             (line.side_after && cells.hits.test(c + line.side_step));
    };
    for (int t = s; t <= e; ++t)
      if (beside(t)) return true;
    for (int end : {s - 1, e + 1}) {
      if (end < -line.room_before || end > line.room_after) continue; // off the board
      if (cells.hits.test(line.at(end))) return true;
      if (touching_ == Touching::no_contact && beside(end)) return true;
    }
    return false;
  }

  /// Salvo: lowers the weight of placements through pending cells.
  void discount_pending(const TargetView<S>& view, const bitboard_type& unexplained, double scale,
                        std::array<double, S::capacity>& score) const {
    const auto& g = *geometry_;
    const bitboard_type pending = view.pending();
    const bitboard_type blocked = view.misses() | water_ | explained_;
    const bitboard_type open = view.open();
    pending.for_each([&](std::size_t x) {
      for (int k = 0; k < lengths_; ++k) {
        const int afloat = afloat_[static_cast<std::size_t>(k)];
        if (afloat == 0) continue;
        const auto options = g.options(k);
        for (auto i : g.through(k, x)) {
          const Option& o = options[i];
          const int m = small_count(o.cells & pending);
          double keep = 1;
          for (int j = 0; j < m; ++j) keep *= salvo_discount;
          const double cut = (1 - keep) / m; // shared among its m pending cells
          double w = 0;
          if (o.cells.subset_of(free_ | pending)) w += scale * afloat; // a hunting placement
          const bitboard_type covered = o.cells & unexplained;
          if (covered.any() && target_fits(view, o, blocked)) {
            double t = afloat;
            for (int n = small_count(covered); n > 1; --n) t *= hit_weight;
            w += t;
          }
          if (w > 0) (o.cells & open).for_each([&](std::size_t c) { score[c] -= w * cut; });
        }
      }
    });
  }

  /// Cell `i` can no longer hold an unshot ship cell: drop the hunting placements through it.
  void remove_free(std::size_t i) {
    if (!free_.test(i)) return;
    const Board<S>& board = geometry_->board();
    const auto cols = static_cast<std::size_t>(board.cols());
    const auto rows = static_cast<std::size_t>(board.rows());
    const int row = static_cast<int>(i / cols), col = static_cast<int>(i % cols);
    const std::size_t i_down = static_cast<std::size_t>(col) * rows + static_cast<std::size_t>(row);
    if (drops_.empty()) {
      drop_line(i, 1, col, board.cols() - 1 - col, true);
      drop_line(i, cols, row, board.rows() - 1 - row, false);
    } else {
      // The free runs around `i`, as far as the longest ship afloat could reach, from the words
      // of the free cells (by rows, then by columns): no loop, no branch.
      const int reach = live_reach();
      const auto run = [&](int ones, int room) {
        return (std::min)((std::min)(ones, room), reach);
      };
      drop_run(i, 1, run(detail::ones_below(free_.data(), i), col),
               run(detail::ones_above(free_.data(), i), board.cols() - 1 - col));
      drop_run(i, cols, run(detail::ones_below(free_down_.data(), i_down), row),
               run(detail::ones_above(free_down_.data(), i_down), board.rows() - 1 - row));
      if (one_ >= 0) // a length-1 ship has one placement
        density_[i] =
            static_cast<density_type>(density_[i] - afloat_[static_cast<std::size_t>(one_)]);
    }
    free_.reset(i);
    free_down_.reset(i_down);
  }

  /// Drops the placements through the free cell `i` of the free run [-before, after] of its row
  /// (`step` 1) or column (`step` cols), from the drop table. The whole width of a table row is
  /// subtracted, its entries past the run being zeros (cells past the board's end are clamped to
  /// the last padded one): a loop of fixed length has no unpredictable exit.
  void drop_run(std::size_t i, std::size_t step, int before, int after) {
    const density_type* row = drops_.data() + drop_row(before, after);
    const std::size_t first = i - static_cast<std::size_t>(before) * step;
    if (const std::size_t stride = drop_stride(); step == 1 && first + stride <= padded) {
      for (std::size_t j = 0; j < stride; ++j) // a row of the board: whole vectors, no clamp
        density_[first + j] = static_cast<density_type>(density_[first + j] - row[j]);
      return;
    }
    const auto width = static_cast<std::size_t>(2 * longest_ - 1);
    for (std::size_t j = 0; j < width; ++j) {
      const std::size_t c = (std::min)(first + j * step, padded - 1);
      density_[c] = static_cast<density_type>(density_[c] - row[j]);
    }
  }

  /// Drops the placements along one line through the free cell `i` (`step` 1: its row, `step`
  /// cols: its column; `room_before` and `room_after` cells of the line lie on either side), for
  /// fleets too long for a drop table: the live lengths one by one.
  void drop_line(std::size_t i, std::size_t step, int room_before, int room_after,
                 bool horizontal) {
    // Free cells on each side of `i`, as far as the longest ship afloat could reach.
    const int reach = live_reach();
    int before = 0, after = 0;
    for (std::size_t c = i - step; before < (std::min)(room_before, reach) && free_.test(c);
         c -= step)
      ++before;
    for (std::size_t c = i + step; after < (std::min)(room_after, reach) && free_.test(c);
         c += step)
      ++after;
    for (int q = 0; q < live_count_; ++q) {
      const auto k = static_cast<std::size_t>(live_[static_cast<std::size_t>(q)]);
      if (length_[k] == 1 && !horizontal) continue; // a length-1 ship has one placement
      const int afloat = afloat_[k];
      window_counts(length_[k], before, after, [&](int t, int n) {
        const std::size_t x = i + static_cast<std::size_t>(t) * step; // t < 0 wraps back
        density_[x] = static_cast<density_type>(density_[x] - afloat * n);
      });
    }
  }

  /// Removes from the density one ship of the k-th length: its placements within the free cells.
  ///
  /// The placements are found a word at a time: the cells where one starts, across and down,
  /// are spread to one byte per cell, and each cell adds up the starts in the `length` cells
  /// before it (vector code over the whole padded board).
  void drop_length(std::size_t k) {
    const int length = length_[k];
    const auto cols = static_cast<std::size_t>(geometry_->board().cols());
    bitboard_type across = free_ & fresh_->across_starts[k];
    bitboard_type down = length > 1 ? free_ : bitboard_type{};
    for (int d = 1; d < length; ++d) {
      across &= free_.shifted_down(static_cast<std::size_t>(d));
      down &= free_.shifted_down(static_cast<std::size_t>(d) * cols);
    }
    // Starts spread to bytes after `padded` zeros, so that every offset below reads a zero.
    std::array<std::uint8_t, 2 * padded> starts_across, starts_down;
    std::fill_n(starts_across.begin(), padded, std::uint8_t{0});
    std::fill_n(starts_down.begin(), padded, std::uint8_t{0});
    detail::spread_bytes(across.data(), starts_across.data() + padded);
    detail::spread_bytes(down.data(), starts_down.data() + padded);
    std::array<std::uint8_t, padded> covered{};
    const bool downs = down.any(); // else (length 1, or longer than the columns) none
    int terms = 0;
    for (int d = 0; d < length; ++d) {
      const std::uint8_t* a = starts_across.data() + padded - static_cast<std::size_t>(d);
      for (std::size_t c = 0; c < padded; ++c)
        covered[c] = static_cast<std::uint8_t>(covered[c] + a[c]);
      if (downs) {
        const std::uint8_t* b = starts_down.data() + padded - static_cast<std::size_t>(d) * cols;
        for (std::size_t c = 0; c < padded; ++c)
          covered[c] = static_cast<std::uint8_t>(covered[c] + b[c]);
      }
      if ((terms += 2) >= 254 || d + 1 == length) { // flush before a byte could overflow
        for (std::size_t c = 0; c < padded; ++c)
          density_[c] = static_cast<density_type>(density_[c] - covered[c]);
        covered.fill(0);
        terms = 0;
      }
    }
  }

  /// Lists the lengths with a ship afloat, shortest first.
  void refresh_live() {
    live_count_ = 0;
    for (int k = 0; k < lengths_; ++k) {
      if (afloat_[static_cast<std::size_t>(k)] == 0) continue;
      int q = live_count_++;
      for (; q > 0 && length_[static_cast<std::size_t>(live_[static_cast<std::size_t>(q - 1)])] >
                          length_[static_cast<std::size_t>(k)];
           --q)
        live_[static_cast<std::size_t>(q)] = live_[static_cast<std::size_t>(q - 1)];
      live_[static_cast<std::size_t>(q)] = k;
    }
    // live_ is shortest first: one pass, the longest length within n the last one reached.
    const auto live_length = [&](int q) {
      return length_[static_cast<std::size_t>(live_[static_cast<std::size_t>(q)])];
    };
    int q = 0;
    int longest = 0;
    for (std::size_t n = 0; n < longest_within_.size(); ++n) {
      for (; q < live_count_ && live_length(q) <= static_cast<int>(n); ++q)
        longest = live_length(q);
      longest_within_[n] = longest;
    }
  }

  /// How far from a cell a placement of a length afloat through it can reach.
  int live_reach() const noexcept {
    return live_count_ == 0 ? 0
                            : length_[static_cast<std::size_t>(
                                  live_[static_cast<std::size_t>(live_count_ - 1)])] -
                                  1;
  }

  /// One ship of the k-th length is no longer afloat.
  void sunk_length(int k) {
    if (afloat_[static_cast<std::size_t>(k)] == 0) return;
    if (--afloat_[static_cast<std::size_t>(k)] == 0) refresh_live();
    drop_length(static_cast<std::size_t>(k));
    if (drops_.empty() || length_[static_cast<std::size_t>(k)] == 1) return;
    const density_type* cover = fresh_->covers.data() + static_cast<std::size_t>(k) * drops_.size();
    for (std::size_t e = 0; e < drops_.size(); ++e)
      drops_[e] = static_cast<density_type>(drops_[e] - cover[e]);
  }

  /// Takes `cells` (hits excepted) as water: their placements leave the counts.
  void mark_water(const bitboard_type& cells, const TargetView<S>& view) {
    const bitboard_type fresh = cells - water_ - view.hits();
    water_ |= fresh;
    fresh.for_each([&](std::size_t c) { remove_free(c); });
  }

  /// Takes in new sinking reports, then resolves what can be resolved.
  void learn_sinkings(const TargetView<S>& view) {
    const auto& g = *geometry_;
    for (; reports_seen_ < view.sunk_count(); ++reports_seen_) {
      const SunkReport& r = view.sunk(reports_seen_);
      const std::size_t cell = view.board().index(r.cell);
      explained_.set(cell);
      if (r.ship >= 0) sunk_length(g.length_index(r.ship));
      if (waiting_ < max_ships)
        waiting_list_[static_cast<std::size_t>(waiting_++)] = Sinking{cell, r.ship, false};
    }
    for (bool progress = true; progress;) {
      progress = false;
      for (int w = 0; w < waiting_; ++w) {
        if (!resolve(view, waiting_list_[static_cast<std::size_t>(w)])) continue;
        waiting_list_[static_cast<std::size_t>(w--)] =
            waiting_list_[static_cast<std::size_t>(--waiting_)];
        progress = true;
      }
    }
  }

  /// Tries to find the ship sunk by `s`: true when it is known.
  bool resolve(const TargetView<S>& view, Sinking& s) {
    const auto& g = *geometry_;
    const bitboard_type& hits = view.hits();
    // Hits not yet explained by another sunk ship, plus this sinking cell.
    bitboard_type mine;
    mine.set(s.cell);
    const bitboard_type live = (hits - explained_) | mine;
    const std::uint16_t t = log_.time(s.cell);
    int found = 0, found_k = -1, lengths_seen = 0, last_k = -1;
    const Option* only = nullptr;
    bitboard_type common = ~bitboard_type{};
    for (int k = 0; k < lengths_; ++k) {
      if (s.ship >= 0 ? g.length_index(s.ship) != k : afloat_[static_cast<std::size_t>(k)] == 0)
        continue;
      const auto options = g.options(k);
      bool any_here = false;
      for (auto j : g.through(k, s.cell)) {
        const Option& o = options[j];
        if (!o.cells.subset_of(live)) continue;
        if (touching_ != Touching::allowed && (o.halo - o.cells).intersects(hits)) continue;
        bool last = true;
        o.cells.for_each([&](std::size_t c) {
          if (c != s.cell && log_.time(c) > t) last = false;
        });
        if (!last) continue;
        ++found;
        only = &o;
        found_k = k;
        common &= o.cells;
        any_here = true;
      }
      if (any_here && last_k != k) {
        ++lengths_seen;
        last_k = k;
      }
    }
    if (found == 0) return true; // nothing fits: keep the sinking cell explained and move on
    explained_ |= common & g.board().all();
    if (found > 1) {
      // An unnamed sinking whose length is certain: that length is no longer afloat.
      if (s.ship < 0 && lengths_seen == 1 && !s.length_known) {
        sunk_length(found_k);
        s.length_known = true;
      }
      return false;
    }
    explained_ |= only->cells;
    if (s.ship < 0 && !s.length_known) sunk_length(found_k);
    if (touching_ != Touching::allowed) mark_water(only->halo - only->cells, view);
    return true;
  }

  // Drop tables are kept for ships up to max_table_reach + 1 cells long.
  static constexpr int max_table_reach = 9;
  std::shared_ptr<const detail::FleetGeometry<S>> geometry_;
  int cells_ = 0;
  int lengths_ = 0;
  int longest_ = 0; // longest ship length of the fleet
  // Per-cell arrays are padded with zeros to whole words, so that scans run over a fixed length.
  static constexpr std::size_t padded = bitboard_type::words * 64;
  // A cell's count is at most (rows + cols) / 2 + 1 per ship, max_ships ships: 16 bits hold it
  // on boards of up to 2,000 cells, and halve the hunt's scans.
  using density_type = std::conditional_t<(S::capacity <= 2000), std::int16_t, std::int32_t>;
  // Per cell: over the ships afloat, how many of their placements cover it and avoid every cell
  // known not to hold an unshot ship cell.
  std::array<density_type, padded> density_{};
  // The density and drop tables every game on `geometry` starts from, shared by copies.
  struct Fresh {
    std::shared_ptr<const detail::FleetGeometry<S>> geometry;
    std::array<density_type, padded> density{};
    std::vector<density_type> covers; // drop tables of each length index (none for length 1)
    // By length index: the cells where a placement across may start.
    std::vector<bitboard_type> across_starts;
    // hunt_by_keys: all ones where a cell has a left (right) neighbour; the keys' shift, or -1.
    std::array<density_type, padded> has_left{}, has_right{};
    int shift = -1;
    std::vector<density_type> drops; // the fleet's drop table, empty for long ships
  };
  std::shared_ptr<const Fresh> fresh_;
  // Drop table of the ships afloat (see prepare), empty when the ships are too long for one.
  std::vector<density_type> drops_;
  int one_ = -1; // index of length 1, if the fleet has one
  std::array<int, max_ship_classes> afloat_{};
  std::array<int, max_ship_classes> length_{}; // the k-th distinct length
  std::array<int, max_ship_classes> live_{};   // length indices with a ship afloat, shortest first
  int live_count_ = 0;
  // longest_within_[n]: the longest length afloat at most n, or 0 (for table-sized fleets).
  std::array<int, 2 * max_table_reach + 2> longest_within_{};
  bitboard_type free_;
  bitboard_type free_down_; // free_ by columns: cell (r, c) at c * rows + r
  bitboard_type water_;
  detail::BoardMasks<S> masks_; // row-aware moves, prepared under the no-touch rules only
  bitboard_type explained_;
  detail::ShotLog<S> log_;
  std::array<Sinking, max_ships> waiting_list_{};
  int waiting_ = 0;
  int reports_seen_ = 0;
  Disclosure disclosure_ = Disclosure::sunk_with_name;
  Touching touching_ = Touching::allowed;
};

} // namespace battleship
