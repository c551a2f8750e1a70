// Internals of the posterior shooters: the layouts of the enemy fleet that agree with everything a
// shooter was told, counted exactly when they are few and sampled without bias otherwise.
//
// The prior is uniform over labelled legal layouts (what `UniformPlacer` draws) and every
// observation is a deterministic function of the layout and the shots, so the posterior is uniform
// over the consistent layouts. A layout is consistent when
//   - no ship covers a miss and every hit is covered;
//   - ships do not overlap and obey the touching rule;
//   - the sinkings match: a ship is "complete" when all its cells are hits, and its sinking cell
//     is the one of its cells shot last. Under `sunk_with_name` a ship is complete exactly when it
//     was reported sunk, at that cell; under `hit_and_sunk` the sinking cells of the complete ships
//     are exactly the reported cells; under `hit_only` not every ship is complete (the game would
//     be over).
//
// Layouts are built in three stages whose order is fixed, so each consistent layout is reached by
// exactly one path:
//   1. each sinking report, in order, gets a (ship, placement) of hits through the report cell
//      whose last-shot cell it is;
//   2. while a hit is uncovered, the first one gets a (ship, placement) through it that is not
//      complete (unless sinkings are never announced);
//   3. every remaining ship gets a placement clear of misses and hits, in ship order.
// Every step draws uniformly among the options that do not clash with the ships already placed, so
// a path's probability is the product of 1/options and its importance weight, for a uniform target,
// is the product of the option counts: self-normalised importance sampling is consistent, and the
// sampler can put any ship on any hit (no ergodicity trap). The last stage-3 ship is averaged out
// exactly (Rao-Blackwellisation): every option contributes, which removes most of the noise in the
// hunting phase. Enumeration walks the same tree exhaustively: each leaf is one layout.
//
// Ships of one length that no answer named are interchangeable: swapping two of them in a layout
// gives another consistent layout with the same cells. So where stages 1 and 2 would try each of
// m such ships, the counts and the sampler try only the first and weigh it m times; the tree
// shrinks by up to the product of the factorials of those m's (4! 3! 2! for the Russian fleet's
// unnamed sinkings), and so do the sampler's dead ends. `draw` then deals each drawn layout's
// options to the interchangeable ships in a random order; `collect` lists every labelled layout
// once, so it walks the full tree.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <battleship/detail/posterior_geometry.hpp>
#include <battleship/detail/run_stop.hpp>
#include <battleship/rng.hpp>
#include <battleship/view.hpp>

namespace battleship::detail {

// The order in which a shooter's shots were resolved: time(cell) is 1 for the first shot, 2 for
// the next, ...; 0 for cells never recorded here (treated as older than every recorded shot).
template <BoardShape S>
class ShotLog {
public:
  void start() noexcept {
    time_.fill(0);
    next_ = 1;
  }
  void record(std::size_t cell) noexcept {
    if (time_[cell] == 0) time_[cell] = next_++;
  }
  [[nodiscard]] std::uint16_t time(std::size_t cell) const noexcept { return time_[cell]; }
  [[nodiscard]] int recorded() const noexcept { return next_ - 1; }

private:
  std::array<std::uint16_t, S::capacity> time_{};
  std::uint16_t next_ = 1;
};

// A complete layout: the option (index into geometry.options(length index)) of every ship.
template <BoardShape S>
struct Layout {
  std::array<std::uint16_t, max_ships> option{};
  typename Board<S>::bitboard_type occupied;
};

template <BoardShape S>
class Posterior {
public:
  using bitboard_type = typename Board<S>::bitboard_type;
  using Geometry = FleetGeometry<S>;
  using Index = std::uint16_t;

  // Takes in what the shooter knows. `geometry` must outlive the calls that follow.
  void observe(const Geometry& geometry, const TargetView<S>& view, const ShotLog<S>& log) {
    geo_ = &geometry;
    ships_ = geometry.ship_count();
    const int lengths = geometry.length_count();
    misses_ = view.misses();
    hits_ = view.hits();
    disclosure_ = view.rules().disclosure;
    no_touch_ = geometry.touching() != Touching::allowed;
    // Per-option flags: valid (clear of misses; no hit in the halo outside the cells) and
    // complete (every cell a hit).
    flags_.resize(static_cast<std::size_t>(lengths));
    free_.resize(static_cast<std::size_t>(lengths));
    free_cells_.resize(static_cast<std::size_t>(lengths));
    for (int k = 0; k < lengths; ++k) {
      const auto options = geometry.options(k);
      auto& flags = flags_[static_cast<std::size_t>(k)];
      auto& free = free_[static_cast<std::size_t>(k)];
      flags.assign(options.size(), 0);
      free.clear();
      auto& free_cells = free_cells_[static_cast<std::size_t>(k)];
      free_cells.clear();
      for (std::size_t i = 0; i < options.size(); ++i) {
        const auto& o = options[i];
        if (o.cells.intersects(misses_)) continue;
        if (no_touch_ && (o.halo - o.cells).intersects(hits_)) continue;
        std::uint8_t f = valid_flag;
        if (o.cells.subset_of(hits_)) f |= complete_flag;
        flags[i] = f;
        if (!o.cells.intersects(hits_)) {
          free.push_back(static_cast<Index>(i));
          free_cells.push_back(o.cells);
        }
      }
    }
    same_length_.assign(static_cast<std::size_t>(lengths), 0);
    for (int s = 0; s < ships_; ++s)
      same_length_[static_cast<std::size_t>(geometry.length_index(s))] |= std::uint32_t{1} << s;
    // Sinking reports and the complete placements each may be.
    reports_.clear();
    sunk_options_.clear();
    sunk_begin_.clear();
    named_ = 0;
    for (int r = 0; r < view.sunk_count(); ++r) {
      const SunkReport& rep = view.sunk(r);
      const auto cell = geometry.board().index(rep.cell);
      reports_.push_back(Report{static_cast<Index>(cell), rep.ship});
      if (rep.ship >= 0) named_ |= std::uint32_t{1} << rep.ship;
      const std::uint16_t t = log.time(cell);
      for (int k = 0; k < lengths; ++k) {
        sunk_begin_.push_back(sunk_options_.size());
        if (rep.ship >= 0 && geometry.length_index(rep.ship) != k) continue;
        const auto options = geometry.options(k);
        for (Index i : geometry.through(k, cell)) {
          if (!(flags_[static_cast<std::size_t>(k)][i] & complete_flag)) continue;
          bool last = true; // the report cell must be the ship's last-shot cell
          options[i].cells.for_each([&](std::size_t c) {
            if (c != cell && log.time(c) >= t && t != 0) last = false;
          });
          if (last) sunk_options_.push_back(i);
        }
      }
      sunk_begin_.push_back(sunk_options_.size());
    }
    build_free_masks(geometry);
    options_.reserve(1024);
    std::size_t most = 0;
    for (const auto& f : free_) most = (std::max)(most, f.size());
    if (free_pick_.size() < most) free_pick_.resize(most);
    option_acc_.resize(static_cast<std::size_t>(lengths));
    for (int k = 0; k < lengths; ++k)
      option_acc_[static_cast<std::size_t>(k)].assign(free_[static_cast<std::size_t>(k)].size(),
                                                      0.0);
  }

  // Counts the consistent layouts exactly, visiting at most `budget` search nodes; false (and
  // nothing usable) when the budget ran out.
  bool enumerate(long budget) {
    reset_accumulators();
    budget_ = budget;
    exhausted_ = false;
    exact_ = false;
    enumerate_reports(0, 1.0); // collects into collect_ when collect() set it
    flush_options();
    if (exhausted_) {
      reset_accumulators();
      return false;
    }
    exact_ = true;
    return true;
  }

  // Enumerates every consistent layout into `out` (at most `limit` of them, within `budget`
  // nodes); false if either limit was reached.
  bool collect(std::vector<Layout<S>>& out, std::size_t limit, long budget) {
    out.clear();
    collect_ = &out;
    collect_limit_ = limit;
    interchangeable_ = false; // each labelled layout is one entry
    const bool ok = enumerate(budget);
    interchangeable_ = true;
    collect_ = nullptr;
    return ok;
  }

  // Accumulates `samples` importance-weighted layouts (the last free ship averaged out exactly).
  void sample(Rng& rng, int samples) {
    reset_accumulators();
    exact_ = false;
    for (int n = 0; n < samples; ++n) {
      if (n % 256 == 255 && run_stopping()) break; // a stopped run counts no game of this move
      sample_once(rng, true);
    }
    flush_options();
  }

  // Draws `count` layouts from the posterior: importance sampling with `draws` proposals, then
  // systematic resampling by weight. Returns the number drawn (0 if every proposal failed).
  int draw(Rng& rng, int draws, int count, std::vector<Layout<S>>& out,
           std::vector<double>& weights) {
    out.clear();
    weights.clear();
    std::vector<Layout<S>>& pool = pool_;
    pool.clear();
    double sum = 0;
    for (int n = 0; n < draws; ++n) {
      if (n % 256 == 255 && run_stopping()) { // a stopped run counts no game of this move
        pool.clear();                         // nothing drawn, not `count` copies of a few
        break;
      }
      const double w = sample_once(rng, false);
      if (w <= 0) continue;
      Layout<S> l;
      l.option = chosen_;
      l.occupied = occupied_;
      pool.push_back(l);
      weights.push_back(w);
      sum += w;
    }
    if (pool.empty()) return 0;
    const double step = sum / count;
    double u = rng.uniform01() * step, acc = 0;
    std::size_t i = 0;
    for (int n = 0; n < count; ++n) {
      const double target = u + step * n;
      while (i + 1 < pool.size() && acc + weights[i] <= target) acc += weights[i++];
      out.push_back(pool[i]);
      shuffle_interchangeable(rng, out.back());
    }
    return count;
  }

  // Sum of weights of the layouts covering `cell` (exact: how many layouts cover it).
  [[nodiscard]] double weight(std::size_t cell) const noexcept { return acc_[cell]; }
  // Sum of all weights (exact: how many consistent layouts there are; sampled: an unbiased
  // estimate of that number times the sample count).
  [[nodiscard]] double total() const noexcept { return total_; }
  // Posterior probability that `cell` holds a ship.
  [[nodiscard]] double probability(std::size_t cell) const noexcept {
    return total_ > 0 ? acc_[cell] / total_ : 0.0;
  }
  // Whether the last computation was an exact count.
  [[nodiscard]] bool exact() const noexcept { return exact_; }
  // The option of ship `ship` in a layout, as a placement.
  [[nodiscard]] const typename Geometry::Option& option_of(const Layout<S>& l, int ship) const {
    return geo_->options(geo_->length_index(ship))[l.option[static_cast<std::size_t>(ship)]];
  }

private:
  static constexpr std::uint8_t valid_flag = 1;
  static constexpr std::uint8_t complete_flag = 2;

  struct Report {
    Index cell;
    int ship;
  };
  struct Choice {
    int ship;
    Index option;
    int copies; // interchangeable ships this choice stands for (its weight)
  };

  void reset_accumulators() {
    acc_.fill(0.0);
    total_ = 0.0;
    occupied_.clear();
    blocked_.clear();
    used_ = 0;
  }

  const typename Geometry::Option& opt(int ship, Index i) const noexcept {
    return geo_->options(geo_->length_index(ship))[i];
  }

  void place(int ship, Index i) noexcept {
    const auto& o = opt(ship, i);
    occupied_ |= o.cells;
    blocked_ |= o.halo;
    used_ |= std::uint32_t{1} << ship;
    chosen_[static_cast<std::size_t>(ship)] = i;
  }

  // Undo by recomputing from the ships still placed (halos of different ships may overlap).
  void unplace(int ship) noexcept {
    used_ &= ~(std::uint32_t{1} << ship);
    occupied_.clear();
    blocked_.clear();
    for (int s = 0; s < ships_; ++s)
      if (used_ >> s & 1U) {
        const auto& o = opt(s, chosen_[static_cast<std::size_t>(s)]);
        occupied_ |= o.cells;
        blocked_ |= o.halo;
      }
  }

  bool is_used(int ship) const noexcept { return (used_ >> ship) & 1U; }

  // Deals the options of each set of interchangeable ships (one length, no name) to its ships in
  // a uniformly random order. The sampler always gave them to the first ships of the set; every
  // order fits the answers equally, so a shuffled draw is a fair draw of a labelled layout.
  void shuffle_interchangeable(Rng& rng, Layout<S>& l) const {
    for (const std::uint32_t ships : same_length_) {
      std::uint32_t open = ships & ~named_;
      std::array<int, max_ships> set{};
      int n = 0;
      for (; open != 0; open &= open - 1)
        set[static_cast<std::size_t>(n++)] = std::countr_zero(open);
      for (int j = n - 1; j > 0; --j) { // Fisher-Yates over the ships' options
        const int k = rng.below(j + 1);
        std::swap(l.option[static_cast<std::size_t>(set[static_cast<std::size_t>(j)])],
                  l.option[static_cast<std::size_t>(set[static_cast<std::size_t>(k)])]);
      }
    }
  }

  // Stage 1 options for report r: appended to options_.
  void report_options(std::size_t r) {
    const Report& rep = reports_[r];
    if (rep.ship >= 0) {
      if (is_used(rep.ship)) return;
      const int k = geo_->length_index(rep.ship);
      push_sunk(r, k, rep.ship, 1);
      return;
    }
    for (int s = 0; s < ships_; ++s)
      if (const int copies = stands_for(s)) push_sunk(r, geo_->length_index(s), s, copies);
  }
  // How many unplaced unnamed ships `ship` stands for: 0 if it is placed, named, or (when
  // interchangeable ships are merged) not the first unplaced unnamed ship of its length.
  int stands_for(int ship) const noexcept {
    if (is_used(ship) || ((named_ >> ship) & 1U)) return 0;
    if (!interchangeable_) return 1;
    const std::uint32_t open =
        same_length_[static_cast<std::size_t>(geo_->length_index(ship))] & ~used_ & ~named_;
    if ((open & ((std::uint32_t{1} << ship) - 1)) != 0) return 0; // a lower one stands for it
    return std::popcount(open);
  }
  void push_sunk(std::size_t r, int k, int ship, int copies) {
    const std::size_t slot =
        r * (static_cast<std::size_t>(geo_->length_count()) + 1) + static_cast<std::size_t>(k);
    const auto options = geo_->options(k);
    for (std::size_t j = sunk_begin_[slot]; j < sunk_begin_[slot + 1]; ++j) {
      const Index i = sunk_options_[j];
      if (!options[i].cells.intersects(blocked_)) options_.push_back(Choice{ship, i, copies});
    }
  }

  // Stage 2 options for hit `h`: appended to options_.
  void cover_options(std::size_t h) {
    const bool complete_ok = disclosure_ == Disclosure::hit_only;
    for (int s = 0; s < ships_; ++s) {
      const int copies = stands_for(s);
      if (copies == 0) continue;
      const int k = geo_->length_index(s);
      const auto options = geo_->options(k);
      const auto& flags = flags_[static_cast<std::size_t>(k)];
      for (Index i : geo_->through(k, h)) {
        const std::uint8_t f = flags[i];
        if (!(f & valid_flag) || (!complete_ok && (f & complete_flag))) continue;
        if (!options[i].cells.intersects(blocked_)) options_.push_back(Choice{s, i, copies});
      }
    }
  }

  // Stage 3 options of ship `ship`, free_n_ of them: by masks (avail_), or by a scan into the
  // first free_n_ entries of free_pick_ (sized by observe() for the most any ship has, so the
  // writes below need no capacity check). free_at and for_each_free read either.
  void free_options(int ship) {
    const int k = geo_->length_index(ship);
    if (masks_) return free_mask(k);
    Index* out = free_pick_.data();
    const bitboard_type* cells = free_cells_[static_cast<std::size_t>(k)].data();
    const std::size_t count = free_[static_cast<std::size_t>(k)].size();
    const bitboard_type blocked = blocked_;
    std::size_t n = 0;
    for (std::size_t j = 0; j < count; ++j) { // no branch on the unpredictable test
      out[n] = static_cast<Index>(j);
      n += disjoint(cells[j], blocked);
    }
    free_n_ = n;
  }

  // !a.intersects(b) without its early exit: a loop of OR the compiler keeps branch-free.
  static bool disjoint(const bitboard_type& a, const bitboard_type& b) noexcept {
    std::uint64_t x = 0;
    for (std::size_t w = 0; w < bitboard_type::words; ++w) x |= a.data()[w] & b.data()[w];
    return x == 0;
  }

  // Stage 3 by masks. For each placement o that may be placed (a valid option) and each length
  // index k, conflict row (o, k) holds the positions j in free_[k] whose option's cells meet
  // o's halo, as a bit set of mask_words_ words; free_options then ORs the rows of the ships
  // placed instead of testing every free option against blocked_ (the OR of their halos). The
  // options kept, and their order (increasing j), are those of the scan. Built by observe() when
  // the rows are small (masks_).
  void build_free_masks(const Geometry& geometry) {
    const auto lengths = static_cast<std::size_t>(geometry.length_count());
    const auto cells = static_cast<std::size_t>(geometry.board().cells());
    std::size_t most = 0, options = 0;
    for (const auto& f : free_) most = (std::max)(most, f.size());
    for (std::size_t k = 0; k < lengths; ++k) options += flags_[k].size();
    mask_words_ = (most + 63) / 64;
    const std::size_t words = mask_words_;
    masks_ = words > 0 && words * cells * lengths <= max_mask_words &&
             words * options * lengths <= max_mask_words;
    if (!masks_) return;
    // by_cell_[(c * lengths + k) * words + w]: the positions in free_[k] whose option covers c.
    by_cell_.assign(lengths * cells * words, 0);
    full_masks_.assign(lengths * words, 0);
    for (std::size_t k = 0; k < lengths; ++k) {
      const auto& free_cells = free_cells_[k];
      for (std::size_t j = 0; j < free_cells.size(); ++j) {
        const std::uint64_t bit = std::uint64_t{1} << (j % 64);
        full_masks_[k * words + j / 64] |= bit;
        free_cells[j].for_each(
            [&](std::size_t c) { by_cell_[(c * lengths + k) * words + j / 64] |= bit; });
      }
    }
    conflict_begin_.resize(lengths);
    conflicts_.assign(options * lengths * words, 0);
    const std::size_t row = lengths * words; // one option's rows, every k
    for (std::size_t k2 = 0, first = 0; k2 < lengths; ++k2) {
      conflict_begin_[k2] = first;
      const auto all = geometry.options(static_cast<int>(k2));
      const auto& flags = flags_[k2];
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (!(flags[i] & valid_flag)) continue; // never placed
        std::uint64_t* out = conflicts_.data() + (first + i) * row;
        all[i].halo.for_each([&](std::size_t c) {
          const std::uint64_t* in = by_cell_.data() + c * row; // cell c's rows, every k
          for (std::size_t x = 0; x < row; ++x) out[x] |= in[x];
        });
      }
      first += all.size();
    }
    avail_.assign(words, 0);
  }

  // free_options by masks: avail_ holds the positions in free_[k] of the options clear of every
  // ship placed, free_n_ how many.
  void free_mask(int k) {
    switch (mask_words_) { // a fixed word count for the usual boards: loops the compiler unrolls
    case 1: return free_mask_of<1>(k);
    case 2: return free_mask_of<2>(k);
    case 3: return free_mask_of<3>(k);
    case 4: return free_mask_of<4>(k);
    default: return free_mask_of<0>(k);
    }
  }
  template <std::size_t Words> // 0: mask_words_
  void free_mask_of(int k) {
    const std::size_t words = Words != 0 ? Words : mask_words_;
    const auto ku = static_cast<std::size_t>(k);
    const std::size_t row = static_cast<std::size_t>(geo_->length_count()) * words;
    std::uint64_t* avail = avail_.data();
    const std::uint64_t* full = full_masks_.data() + ku * words;
    for (std::size_t w = 0; w < words; ++w) avail[w] = 0;
    for (std::uint32_t used = used_; used != 0; used &= used - 1) {
      const auto s = static_cast<std::size_t>(std::countr_zero(used));
      const auto k2 = static_cast<std::size_t>(geo_->length_index(static_cast<int>(s)));
      const std::uint64_t* in =
          conflicts_.data() + (conflict_begin_[k2] + chosen_[s]) * row + ku * words;
      for (std::size_t w = 0; w < words; ++w) avail[w] |= in[w];
    }
    std::size_t n = 0;
    for (std::size_t w = 0; w < words; ++w) {
      avail[w] = full[w] & ~avail[w];
      n += static_cast<std::size_t>(std::popcount(avail[w]));
    }
    free_n_ = n;
  }

  // The r-th option (r < free_n_) free_options found for length index k.
  Index free_at(int k, std::size_t r) const noexcept {
    const auto& index = free_[static_cast<std::size_t>(k)];
    if (!masks_) return index[free_pick_[r]];
    for (std::size_t w = 0;; ++w) {
      const auto here = static_cast<std::size_t>(std::popcount(avail_[w]));
      if (r < here) return index[w * 64 + select_bit(avail_[w], static_cast<unsigned>(r))];
      r -= here;
    }
  }

  // Calls f(j) for the position j in free_[k] of each option free_options found, in order.
  template <class F>
  void for_each_free(F&& f) const {
    if (!masks_) {
      for (std::size_t j = 0; j < free_n_; ++j) f(std::size_t{free_pick_[j]});
      return;
    }
    for (std::size_t w = 0; w < mask_words_; ++w)
      for (std::uint64_t bits = avail_[w]; bits != 0; bits &= bits - 1)
        f(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
  }

  int next_free_ship(int from) const noexcept {
    for (int s = from; s < ships_; ++s)
      if (!is_used(s)) return s;
    return ships_;
  }

  // Records the current full layout with weight w (and the given RB completion if any).
  void leaf(double w) {
    if (disclosure_ == Disclosure::hit_only && occupied_.subset_of(hits_)) return; // game over
    total_ += w;
    occupied_.for_each([&](std::size_t c) { acc_[c] += w; });
    if (collect_ && collect_->size() < collect_limit_) {
      Layout<S> l;
      l.option = chosen_;
      l.occupied = occupied_;
      collect_->push_back(l);
    } else if (collect_) {
      exhausted_ = true;
    }
  }

  // Last free ship averaged out: `w` per completion.
  void leaf_last(int ship, double w) {
    const int k = geo_->length_index(ship);
    const auto n = static_cast<double>(free_n_);
    if (free_n_ == 0) return;
    total_ += w * n;
    occupied_.for_each([&](std::size_t c) { acc_[c] += w * n; });
    double* sums = option_acc_[static_cast<std::size_t>(k)].data();
    for_each_free([&](std::size_t j) { sums[j] += w; });
  }

  // Adds each option's summed leaf_last weight to its cells, and clears the sums: once per
  // sample() or enumerate(), not once per leaf. The weights are whole numbers (products of option
  // counts), so while the sums stay below 2^53 (the classic game's do, by far) they are exact and
  // the cells' totals are those of adding leaf by leaf.
  void flush_options() {
    for (std::size_t k = 0; k < option_acc_.size(); ++k) {
      const auto& cells = free_cells_[k]; // sums are by position in free_[k], in option order
      auto& sums = option_acc_[k];
      for (std::size_t j = 0; j < sums.size(); ++j) {
        if (sums[j] == 0) continue;
        const double v = sums[j];
        cells[j].for_each([&](std::size_t c) { acc_[c] += v; });
        sums[j] = 0;
      }
    }
  }

  bool spend() noexcept {
    if (--budget_ < 0 || (budget_ % 4096 == 0 && run_stopping())) exhausted_ = true;
    return !exhausted_;
  }

  // ---- exhaustive walk -------------------------------------------------------------------------

  // `w` is the number of labelled layouts each leaf below stands for.
  void enumerate_reports(std::size_t r, double w) {
    if (!spend()) return;
    if (r == reports_.size()) return enumerate_cover(w);
    const std::size_t mark = options_.size();
    report_options(r);
    const std::size_t end = options_.size();
    for (std::size_t j = mark; j < end && !exhausted_; ++j) {
      const Choice c = options_[j];
      place(c.ship, c.option);
      enumerate_reports(r + 1, w * c.copies);
      unplace(c.ship);
    }
    options_.resize(mark);
  }

  void enumerate_cover(double w) {
    const bitboard_type uncovered = hits_ - occupied_;
    if (uncovered.none()) return enumerate_free(0, w);
    const std::size_t mark = options_.size();
    cover_options(uncovered.first());
    const std::size_t end = options_.size();
    for (std::size_t j = mark; j < end && !exhausted_; ++j) {
      if (!spend()) break;
      const Choice c = options_[j];
      place(c.ship, c.option);
      enumerate_cover(w * c.copies);
      unplace(c.ship);
    }
    options_.resize(mark);
  }

  void enumerate_free(int from, double w) {
    const int ship = next_free_ship(from);
    if (ship == ships_) return leaf(w);
    if (!spend()) return;
    free_options(ship);
    if (next_free_ship(ship + 1) == ships_ && !collect_) return leaf_last(ship, w);
    // Copy the options: the recursion reuses free_pick_.
    const std::size_t mark = options_.size();
    const Index* index = free_[static_cast<std::size_t>(geo_->length_index(ship))].data();
    for_each_free([&](std::size_t j) { options_.push_back(Choice{ship, index[j], 1}); });
    const std::size_t end = options_.size();
    for (std::size_t j = mark; j < end && !exhausted_; ++j) {
      place(ship, options_[j].option);
      enumerate_free(ship + 1, w);
      unplace(ship);
    }
    options_.resize(mark);
  }

  // ---- one importance-weighted path ------------------------------------------------------------

  // Returns the path's weight (0 on a dead end). With `rb`, the last free ship is averaged out and
  // the accumulators updated; without, the full layout is left in chosen_/occupied_.
  double sample_once(Rng& rng, bool rb) {
    occupied_.clear();
    blocked_.clear();
    used_ = 0;
    double w = 1.0;
    for (std::size_t r = 0; r < reports_.size(); ++r) {
      options_.clear();
      report_options(r);
      if (options_.empty()) return 0.0;
      const Choice c =
          options_[static_cast<std::size_t>(rng.below(static_cast<int>(options_.size())))];
      w *= static_cast<double>(options_.size()) * c.copies;
      place(c.ship, c.option);
    }
    for (bitboard_type uncovered = hits_ - occupied_; uncovered.any();
         uncovered = hits_ - occupied_) {
      options_.clear();
      cover_options(uncovered.first());
      if (options_.empty()) return 0.0;
      const Choice c =
          options_[static_cast<std::size_t>(rng.below(static_cast<int>(options_.size())))];
      w *= static_cast<double>(options_.size()) * c.copies;
      place(c.ship, c.option);
    }
    for (int ship = next_free_ship(0); ship < ships_; ship = next_free_ship(ship + 1)) {
      free_options(ship);
      if (free_n_ == 0) return 0.0;
      if (rb && next_free_ship(ship + 1) == ships_) {
        leaf_last(ship, w);
        return w * static_cast<double>(free_n_);
      }
      const Index i = free_at(geo_->length_index(ship),
                              static_cast<std::size_t>(rng.below(static_cast<int>(free_n_))));
      w *= static_cast<double>(free_n_);
      place(ship, i);
    }
    if (disclosure_ == Disclosure::hit_only && occupied_.subset_of(hits_)) return 0.0;
    if (rb) {
      total_ += w;
      occupied_.for_each([&](std::size_t c) { acc_[c] += w; });
    }
    return w;
  }

  const Geometry* geo_ = nullptr;
  int ships_ = 0;
  bitboard_type misses_;
  bitboard_type hits_;
  Disclosure disclosure_ = Disclosure::sunk_with_name;
  bool no_touch_ = false;
  std::uint32_t named_ = 0;
  std::vector<std::vector<std::uint8_t>> flags_;
  std::vector<std::vector<Index>> free_;
  std::vector<std::vector<bitboard_type>> free_cells_; // the cells of free_'s options, in order
  std::vector<Report> reports_;
  std::vector<Index> sunk_options_;
  std::vector<std::size_t> sunk_begin_;

  // Search state.
  bitboard_type occupied_;
  bitboard_type blocked_;
  std::uint32_t used_ = 0;
  std::array<Index, max_ships> chosen_{};
  std::vector<Choice> options_;
  std::vector<Index> free_pick_; // the first free_n_ entries: the positions in free_[k] of the
                                 // options free_options found, when it scans (!masks_)
  std::size_t free_n_ = 0;
  // Stage 3 by masks (see build_free_masks): used when the conflict rows and the rows by cell
  // each take at most max_mask_words words (the classic game's: 7,200 and 1,200).
  static constexpr std::size_t max_mask_words = std::size_t{1} << 16;
  bool masks_ = false;
  std::size_t mask_words_ = 0;
  std::vector<std::uint64_t> by_cell_;      // build_free_masks's rows by cell
  std::vector<std::uint64_t> full_masks_;   // [k * mask_words_ + w]: every position of free_[k]
  std::vector<std::uint64_t> conflicts_;    // conflict rows, option after option
  std::vector<std::size_t> conflict_begin_; // per length index: its first option's number
  std::vector<std::uint64_t> avail_;        // free_mask's result
  long budget_ = 0;
  bool exhausted_ = false;
  bool exact_ = false;
  bool interchangeable_ = true; // merge unnamed ships of one length (see the file comment)
  std::vector<std::uint32_t> same_length_; // per length index: its ships, as a mask
  std::vector<Layout<S>>* collect_ = nullptr;
  std::size_t collect_limit_ = 0;
  std::vector<Layout<S>> pool_;

  std::array<double, S::capacity> acc_{};
  std::vector<std::vector<double>>
      option_acc_; // per length index and free_ position: leaf_last's sums
  double total_ = 0.0;
};

} // namespace battleship::detail
