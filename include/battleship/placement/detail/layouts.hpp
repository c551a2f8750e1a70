// Internals shared by the placers: every placement of each ship with the cells it forbids to the
// others, a bounded exact feasibility search, and an exact layout counter that samples uniformly.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement_table.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>

namespace battleship::detail {

/// What a placement analysis depends on: the board, every ship's length, the touching rule, and
/// (for feasibility and counting) the blocked cells.
template <BoardShape S>
struct LayoutKey {
  Board<S> board;
  Touching touching = Touching::allowed;
  int ships = 0;
  std::array<std::uint8_t, max_ships> lengths{};
  typename Board<S>::bitboard_type blocked;

  /// The key of `ocean` as it is now.
  static LayoutKey of(const Ocean<S>& ocean) {
    LayoutKey k{ocean.board(), ocean.touching(), ocean.ship_count(), {}, ocean.blocked()};
    for (int s = 0; s < k.ships; ++s)
      k.lengths[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(ocean.length(s));
    return k;
  }
  /// Whether `ocean` has the board, lengths and touching rule of this key (blocks ignored).
  bool same_fleet(const Ocean<S>& ocean) const noexcept {
    if (ocean.ship_count() != ships || ocean.touching() != touching || !(ocean.board() == board))
      return false;
    for (int s = 0; s < ships; ++s)
      if (ocean.length(s) != lengths[static_cast<std::size_t>(s)]) return false;
    return true;
  }
  /// Whether `ocean` matches this key, blocks included.
  bool matches(const Ocean<S>& ocean) const noexcept {
    return same_fleet(ocean) && ocean.blocked() == blocked;
  }
};

/// One on-board placement: its cells, and the cells it forbids to other ships under the touching
/// rule (its cells, grown by edges or by edges and corners).
template <BoardShape S>
struct PlacementOption {
  Placement placement;
  typename Board<S>::bitboard_type cells;
  typename Board<S>::bitboard_type halo;
};

/// Every placement of each length a fleet uses, in `PlacementTable` order, with its halo.
template <BoardShape S>
class OptionTable {
public:
  explicit OptionTable(const Ocean<S>& ocean) : key_(LayoutKey<S>::of(ocean)) {
    const PlacementTable<S> table(ocean.board(), ocean.fleet());
    const Board<S>& board = ocean.board();
    by_length_.resize(static_cast<std::size_t>(ocean.fleet().longest()) + 1);
    for (int s = 0; s < ocean.ship_count(); ++s) {
      auto& out = by_length_[static_cast<std::size_t>(ocean.length(s))];
      if (!out.empty()) continue;
      for (const auto& pm : table.of_length(ocean.length(s))) {
        auto halo = pm.cells;
        if (ocean.touching() == Touching::no_edge_contact) halo = board.dilate4(pm.cells);
        if (ocean.touching() == Touching::no_contact) halo = board.dilate8(pm.cells);
        out.push_back(PlacementOption<S>{pm.placement, pm.cells, halo});
      }
    }
    // Views into the finished lists (no list grows after this): the rejection sampler's lookup.
    for (int s = 0; s < ocean.ship_count(); ++s)
      by_ship_[static_cast<std::size_t>(s)] = of_length(ocean.length(s));
  }
  OptionTable(const OptionTable&) = delete; // by_ship_ views its own lists: never copied
  OptionTable& operator=(const OptionTable&) = delete;
  ~OptionTable() = default;

  /// Whether this table serves `ocean` (same board, lengths and touching rule).
  bool serves(const Ocean<S>& ocean) const noexcept { return key_.same_fleet(ocean); }
  /// The placements of a ship of `length`.
  const std::vector<PlacementOption<S>>& of_length(int length) const noexcept {
    return by_length_[static_cast<std::size_t>(length)];
  }
  /// The placements of ship number `ship` of the fleet the table was built for.
  std::span<const PlacementOption<S>> of_ship(int ship) const noexcept {
    return by_ship_[static_cast<std::size_t>(ship)];
  }

private:
  LayoutKey<S> key_;
  std::vector<std::vector<PlacementOption<S>>> by_length_;
  std::array<std::span<const PlacementOption<S>>, max_ships> by_ship_{};
};

/// The shared table for `ocean`, rebuilt only when the board, lengths or touching rule change.
/// The last table built in the process is kept and handed to the next placer that needs one for
/// the same fleet: a placer made for one call (Python's `place_randomly`, a match's players)
/// would otherwise build it every time (100,000 instructions for the classic fleet, where
/// drawing a layout takes 1,500; `spread` and `elusive` build two).
template <BoardShape S>
const OptionTable<S>& ensure_table(std::shared_ptr<const OptionTable<S>>& table,
                                   const Ocean<S>& ocean) {
  if (table && table->serves(ocean)) return *table;
  static std::mutex mutex;
  static std::shared_ptr<const OptionTable<S>> last; // never changed once built, as every table
  const std::scoped_lock lock(mutex);
  if (!last || !last->serves(ocean)) last = std::make_shared<const OptionTable<S>>(ocean);
  table = last;
  return *table;
}

/// Takes every placed ship off `ocean`; its blocks and shots stay (placers that try several
/// layouts start each one from here).
template <BoardShape S>
void remove_ships(Ocean<S>& ocean) noexcept {
  // Once shot at, no ship moves (`unplace` refuses). Before, taking each ship off is
  // `clear_ships`, which also resets the damage there is none of: a fill, not a mask a ship.
  if (ocean.shots().none()) ocean.clear_ships();
}

/// Takes off any ship a caller left on `ocean` before a placer lays out the whole fleet: a
/// placer's ocean should have none (`PlacementStrategy`), and placing a ship again over its
/// old cells would corrupt it (more cells occupied than the fleet has, health that wraps).
/// The usual empty ocean costs one test.
template <BoardShape S>
void start_empty(Ocean<S>& ocean) noexcept {
  if (ocean.occupied().any()) remove_ships(ocean);
}

/// Whether a stop flag is given and set: a placer or a search that watches one gives up then.
inline bool stop_set(const std::atomic<bool>* stop) noexcept {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

/// Whether a placer that draws several uniform layouts should stop drawing: `*stop` is set, or
/// its first `hopeless_draws` draws all failed. A draw the uniform placer gives up on costs it
/// `max_attempts` rejection attempts (seconds); a fleet that fails eight times in a row is one
/// it almost never places, and a crowded fleet that fails now and then (one draw in five, say)
/// fails so only once in 400,000 placements.
inline constexpr int hopeless_draws = 8;
inline bool stop_drawing(int drawn, int found, const std::atomic<bool>* stop) noexcept {
  return stop_set(stop) || (found == 0 && drawn >= hopeless_draws);
}

/// Replaces `ocean`'s ships with `layout`: ship i at `layout[i]`, one placement per ship, a layout
/// a placer already found legal on this ocean.
template <BoardShape S>
void lay_ships(Ocean<S>& ocean, const Placement* layout) noexcept {
  remove_ships(ocean);
  for (int ship = 0; ship < ocean.ship_count(); ++ship) ocean.place_unchecked(ship, layout[ship]);
}

/// A uniformly distributed integer in `[0, n)` for a 64-bit `n > 0`, portable like `Rng::below`.
inline std::uint64_t below64(Rng& rng, std::uint64_t n) noexcept {
  if (n <= (std::numeric_limits<std::uint32_t>::max)())
    return rng.below(static_cast<std::uint32_t>(n));
  std::uint64_t mask = n - 1;
  for (unsigned shift = 1; shift < 64; shift <<= 1) mask |= mask >> shift;
  for (;;) {
    const std::uint64_t r = rng() & mask;
    if (r < n) return r;
  }
}

/// Hash of a bitboard and a level, for the search memos.
struct MemoHash {
  template <class Key>
  std::size_t operator()(const Key& k) const noexcept {
    std::uint64_t h = mix64(static_cast<std::uint64_t>(k.level));
    for (auto w : k.cells.data()) h = mix64(h ^ w);
    return static_cast<std::size_t>(h);
  }
};

/// Exact searches over the layouts of one (board, lengths, touching, blocked) situation.
///
/// Ships are placed longest first (fewest options, earliest failure). A state is (level, cells
/// forbidden so far); the number of ways to finish from a state depends on nothing else, so it is
/// memoised. Every search stops after `budget` states and then says so, so none can hang; one
/// given a stop flag also stops soon after the flag is set (`stopped()`), and is not to be kept.
template <BoardShape S>
class LayoutSearch {
public:
  using bitboard_type = typename Board<S>::bitboard_type;

  /// What the feasibility search found.
  enum class Fit : std::uint8_t { fits, cannot_fit, unknown };

  /// A search over `ocean`'s layouts (as it is now, blocks included) that gives up after
  /// `budget` states. Keeps `table` alive.
  LayoutSearch(const Ocean<S>& ocean, std::shared_ptr<const OptionTable<S>> table, long budget)
      : key_(LayoutKey<S>::of(ocean)), board_(ocean.board()), table_(std::move(table)),
        budget_(budget) {
    for (int s = 0; s < ocean.ship_count(); ++s) order_.push_back(s);
    std::stable_sort(order_.begin(), order_.end(),
                     [&](int a, int b) { return ocean.length(a) > ocean.length(b); });
    for (int s : order_) {
      options_.push_back(&table_->of_length(ocean.length(s)));
      lengths_.push_back(ocean.length(s));
    }
    remaining_.assign(order_.size() + 1, 0);
    for (std::size_t k = order_.size(); k-- > 0;) remaining_[k] = remaining_[k + 1] + lengths_[k];
  }

  /// Whether this search is about `ocean` as it is now (blocks included) and was given `budget`
  /// (a search given another budget may end otherwise).
  bool about(const Ocean<S>& ocean, long budget) const noexcept {
    return budget == budget_ && key_.matches(ocean);
  }

  /// Runs the feasibility search: depth first, stopping at the first layout found, remembering
  /// the states proven dead. Call once, before sharing the search.
  Fit run_fit(const std::atomic<bool>* stop = nullptr) {
    spent_ = 0;
    stop_ = stop;
    const int found = find(0, key_.blocked);
    fit_ = found > 0 ? Fit::fits : found == 0 ? Fit::cannot_fit : Fit::unknown;
    dead_ = {};
    stop_ = nullptr;
    return fit_;
  }
  /// What `run_fit` found.
  Fit fit() const noexcept { return fit_; }

  /// Counts the labelled legal layouts (ship `i` told apart from ship `j` even when they are
  /// alike), memoising every state for `sample`. Call once, before sharing the search.
  std::optional<std::uint64_t> run_count(const std::atomic<bool>* stop = nullptr) {
    spent_ = 0;
    stop_ = stop;
    const auto n = count_from(0, key_.blocked);
    stop_ = nullptr;
    if (n == overflow) {
      memo_ = {};
      total_.reset();
    } else {
      total_ = n;
    }
    return total_;
  }
  /// What `run_count` found: the number of layouts, or nothing if it could not count them within
  /// the budget (or they exceed 2^64 - 2).
  std::optional<std::uint64_t> total() const noexcept { return total_; }

  /// Draws a layout uniformly among all labelled legal layouts (`total()` must be positive): sets
  /// `chosen[ship]` for every ship. One `below64` draw per ship.
  void sample(Rng& rng, std::array<Placement, max_ships>& chosen) const {
    bitboard_type forbidden = key_.blocked;
    for (std::size_t k = 0; k < order_.size(); ++k) {
      std::uint64_t r = below64(rng, completions(k, forbidden));
      for (const auto& o : *options_[k]) {
        if (o.cells.intersects(forbidden)) continue;
        const std::uint64_t c = completions(k + 1, forbidden | o.halo);
        if (r >= c) {
          r -= c;
          continue;
        }
        chosen[static_cast<std::size_t>(order_[k])] = o.placement;
        forbidden |= o.halo;
        break;
      }
    }
  }

  /// States visited by the last search.
  long spent() const noexcept { return spent_; }

  /// Whether the last search gave up because its stop flag was set: it says "unknown" (or no
  /// count) for that reason only, and must not be kept as the answer.
  bool stopped() const noexcept { return stopped_; }

private:
  static constexpr std::uint64_t overflow = (std::numeric_limits<std::uint64_t>::max)();

  /// Counts one more state; false once past the budget or, read every 1,024 states, stopped.
  bool spend() noexcept {
    if (++spent_ > budget_) return false;
    if (spent_ % 1024 == 0 && stop_set(stop_)) {
      stopped_ = true;
      return false;
    }
    return true;
  }
  struct State {
    std::size_t level;
    bitboard_type cells;
    friend bool operator==(const State&, const State&) = default;
  };

  /// Whether fewer free cells are left than the remaining ships need.
  bool too_crowded(std::size_t level, const bitboard_type& forbidden) const noexcept {
    return (board_.all() - forbidden).count() < remaining_[level];
  }

  /// 1 if a layout completes from here, 0 if none does, -1 if the budget ran out.
  int find(std::size_t level, const bitboard_type& forbidden) {
    if (level == order_.size()) return 1;
    if (too_crowded(level, forbidden)) return 0;
    if (dead_.count(State{level, forbidden})) return 0;
    if (!spend()) return -1;
    for (const auto& o : *options_[level]) {
      if (o.cells.intersects(forbidden)) continue;
      const int r = find(level + 1, forbidden | o.halo);
      if (r != 0) return r;
    }
    dead_.insert(State{level, forbidden});
    return 0;
  }

  /// Layouts completing from (level, forbidden), or `overflow` if the budget ran out.
  std::uint64_t count_from(std::size_t level, const bitboard_type& forbidden) {
    if (level == order_.size()) return 1;
    if (too_crowded(level, forbidden)) return 0;
    const State state{level, forbidden};
    if (auto it = memo_.find(state); it != memo_.end()) return it->second;
    if (!spend()) return overflow;
    std::uint64_t total = 0;
    for (const auto& o : *options_[level]) {
      if (o.cells.intersects(forbidden)) continue;
      const std::uint64_t c = count_from(level + 1, forbidden | o.halo);
      if (c == overflow || total > overflow - 1 - c) return overflow;
      total += c;
    }
    memo_.emplace(state, total);
    return total;
  }

  /// The memoised completions of a state reached while counting.
  std::uint64_t completions(std::size_t level, const bitboard_type& forbidden) const {
    if (level == order_.size()) return 1;
    if (too_crowded(level, forbidden)) return 0;
    return memo_.at(State{level, forbidden});
  }

  LayoutKey<S> key_;
  Board<S> board_;
  std::shared_ptr<const OptionTable<S>> table_;
  long budget_;
  long spent_ = 0;
  const std::atomic<bool>* stop_ = nullptr; // only while a search runs
  bool stopped_ = false;
  std::vector<int> order_;
  std::vector<const std::vector<PlacementOption<S>>*> options_;
  std::vector<int> lengths_;
  std::vector<int> remaining_;
  Fit fit_ = Fit::unknown;
  std::optional<std::uint64_t> total_;
  std::unordered_set<State, MemoHash> dead_;
  std::unordered_map<State, std::uint64_t, MemoHash> memo_;
};

} // namespace battleship::detail
