// The layouts of a fleet counted cell by cell (a transfer-matrix, or "broken profile", dynamic
// program), and one drawn uniformly from the counts. Crowded fleets have too many ways to place
// their first few ships for a search that remembers the cells those ships forbid; what the rest
// of the board needs to know about the cells already decided is much smaller: one line's worth.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/placement/detail/layouts.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>

namespace battleship::detail {

/// 64-bit words a profile needs on any board of `capacity` cells: one field per cell of the
/// shorter side plus one, each wide enough for the longest ship that side allows the longer one.
constexpr std::size_t profile_words(std::size_t capacity) noexcept {
  std::size_t most = 1;
  for (std::size_t width = 1; width * width <= capacity; ++width) {
    // A field holds at most the longest ship's length, and no ship is longer than the long side.
    const auto bits = static_cast<std::size_t>(std::bit_width(capacity / width));
    const std::size_t per_word = 64 / bits;
    most = (std::max)(most, (width + 1 + per_word - 1) / per_word);
  }
  return most;
}

/// Counts the labelled legal layouts of one (board, lengths, touching, blocked) situation cell by
/// cell, and draws one uniformly.
///
/// The board is scanned along its longer side, line by line and cell by cell, so a line is the
/// shorter side. At each cell the program decides: water, the next cell of a ship already begun,
/// or the first cell of a new ship (of some length still to place, lying along the line or
/// across the lines). Every layout is one sequence of decisions, so counting paths counts layouts
/// with ships of one length not told apart; every such layout is `prod(n_L!)` labelled ones, `n_L`
/// the number of ships of length `L`.
///
/// A state is all the cells not yet decided need to know (the "profile"): per position of the
/// line, what the last decided cell there asks of the next one (nothing; to stay water, as it
/// lies in another ship's halo; or to continue a ship with so many cells to go), the same for
/// the cell just decided on the left, and how many ships of each length are still to place.
/// States that cannot finish for a reason seen at once (a ship that would run into a blocked cell
/// or off the board, more ship cells owed than open cells left, not room enough for the ships and
/// their halos: `may_finish`) are never made. A "state" of the budget is one distinct (cell,
/// profile) pair reached: the program stops past `budget` of them and says so, so its time and
/// memory stay bounded (on boards of up to 128 cells, about 16 bytes and a quarter of a
/// microsecond a state; the states kept for drawing are only those a layout finishes from).
template <BoardShape S>
class ProfileCount {
public:
  /// A count of `ocean`'s layouts (as it is now, blocks included) that gives up past `budget`
  /// states.
  ProfileCount(const Ocean<S>& ocean, long budget)
      : key_(LayoutKey<S>::of(ocean)), budget_(budget) {
    const Board<S>& board = ocean.board();
    transposed_ = board.cols() > board.rows();
    width_ = transposed_ ? board.rows() : board.cols();
    lines_ = transposed_ ? board.cols() : board.rows();
    cells_ = static_cast<std::size_t>(board.cells());
    group_ships(ocean);
    index_cells(ocean);
  }

  /// Whether this count is about `ocean` as it is now (blocks included) and was given `budget`
  /// (a count given another budget may end otherwise).
  bool about(const Ocean<S>& ocean, long budget) const noexcept {
    return budget == budget_ && key_.matches(ocean);
  }

  /// Counts the layouts, keeping every live state's completions for `sample`. Call once, before
  /// sharing the count. With a stop flag it also gives up soon after the flag is set
  /// (`stopped()`: then it has counted nothing and is not to be kept).
  std::optional<std::uint64_t> run(const std::atomic<bool>* stop = nullptr) {
    stop_ = stop;
    const bool reached = reach_every_state() && count_completions();
    stop_ = nullptr;
    if (!reached) {
      layers_ = {};
      ways_ = {};
      return total_;
    }
    const std::uint64_t unlabelled = layers_[0].empty() ? 0 : ways_[0][0];
    fits_ = unlabelled != 0; // a saturated count has layouts too
    if (unlabelled == overflow) {
      layers_ = {};
      ways_ = {};
      return total_;
    }
    unlabelled_ = unlabelled;
    total_ = times_orderings(unlabelled);
    return total_;
  }

  /// What `run` found: the number of labelled layouts, or nothing if the budget ran out or they
  /// exceed 2^64 - 2.
  std::optional<std::uint64_t> total() const noexcept { return total_; }

  /// Whether any layout exists, or nothing if the budget ran out first.
  std::optional<bool> fits() const noexcept { return fits_; }

  /// Whether `sample` can draw: the layouts were counted with ships of one length alike (their
  /// labelled number may still exceed 2^64 - 2) and there is at least one.
  bool can_sample() const noexcept { return unlabelled_ > 0; }

  /// Draws a layout uniformly among all labelled legal layouts (`can_sample()` must hold): sets
  /// `chosen[ship]` for every ship. One `below64` draw picks the layout with ships of one length
  /// alike; a uniform shuffle per length then says which ship lies where, and since every such
  /// layout has the same `prod(n_L!)` labellings, each labelled one is as likely as any other.
  void sample(Rng& rng, std::array<Placement, max_ships>& chosen) const {
    std::vector<std::vector<Placement>> drawn(lengths_.size());
    std::uint64_t rank = below64(rng, unlabelled_);
    State state = start();
    for (std::size_t t = 0; t < cells_; ++t) {
      bool taken = false;
      State after; // not `state` itself: the steps are still read from it
      for_each_step(t, state, [&](const State& next, int group, bool down) {
        if (taken) return;
        const std::uint64_t ways = ways_from(t + 1, next);
        if (rank >= ways) {
          rank -= ways;
          return;
        }
        taken = true;
        after = next;
        if (group >= 0)
          drawn[static_cast<std::size_t>(group)].push_back(placement_at(t, group, down));
      });
      state = after;
    }
    for (std::size_t g = 0; g < lengths_.size(); ++g) {
      auto& spots = drawn[g];
      for (std::size_t k = spots.size(); k > 1; --k)
        std::swap(spots[k - 1], spots[rng.below(static_cast<std::uint32_t>(k))]);
      for (std::size_t k = 0; k < spots.size(); ++k)
        chosen[static_cast<std::size_t>(ships_[g][k])] = spots[k];
    }
  }

  /// States reached by the last `run` (past the budget: the budget plus one).
  long spent() const noexcept { return spent_; }

  /// Whether the last `run` gave up because its stop flag was set.
  bool stopped() const noexcept { return stopped_; }

private:
  /// A count too large for 64 bits (also the sum that saturates).
  static constexpr std::uint64_t overflow = (std::numeric_limits<std::uint64_t>::max)();
  /// Words of a profile on this shape type.
  static constexpr std::size_t words = profile_words(S::capacity);
  /// Field value: nothing asked of the next cell.
  static constexpr unsigned open_water = 0;
  /// Field value: the next cell lies in a ship's halo (or, on the left, the cell just decided is
  /// a ship's last cell), so no other ship may cover it. Values from 2 on: a ship goes on into the
  /// next cell, with value - 1 cells to go, that one included.
  static constexpr unsigned halo = 1;

  /// What the undecided cells need to know; see the class comment.
  struct State {
    /// One field per position of the line (what the next cell there must be), then the left one.
    std::array<std::uint64_t, words> profile{};
    /// How many ships of each length are still to begin, one bit field per length.
    std::uint64_t ships = 0;
    /// States are equal when every field is.
    friend bool operator==(const State&, const State&) = default;
    /// Any total order, for sorting a layer and finding a state in it. Written out: libc++
    /// before 15 has no `<=>` for `std::array`, so a defaulted one would be deleted there.
    friend std::strong_ordering operator<=>(const State& a, const State& b) noexcept {
      for (std::size_t i = 0; i < words; ++i)
        if (a.profile[i] != b.profile[i]) return a.profile[i] <=> b.profile[i];
      return a.ships <=> b.ships;
    }
  };

  /// The distinct states of one layer as they are found, sorted once the layer is complete.
  class Gather {
  public:
    /// Adds `s` unless it is already there; true if it was new.
    bool insert(const State& s) {
      if ((states_.size() + 1) * 2 > slots_.size()) grow();
      std::size_t i = slot_of(s);
      while (slots_[i] != 0) {
        if (states_[slots_[i] - 1] == s) return false;
        i = (i + 1) & (slots_.size() - 1);
      }
      states_.push_back(s);
      slots_[i] = static_cast<std::uint32_t>(states_.size());
      return true;
    }
    /// The states gathered, sorted; the gatherer is left empty.
    std::vector<State> take_sorted() {
      std::vector<State> out = std::exchange(states_, {});
      slots_ = {};
      std::sort(out.begin(), out.end());
      return out;
    }

  private:
    /// Linear probing starts here.
    std::size_t slot_of(const State& s) const noexcept {
      std::uint64_t h = mix64(s.ships);
      for (auto w : s.profile) h = mix64(h ^ w);
      return static_cast<std::size_t>(h) & (slots_.size() - 1);
    }
    /// Doubles the table (kept at most half full) and puts every state back.
    void grow() {
      slots_.assign(std::max<std::size_t>(64, slots_.size() * 2), 0);
      for (std::size_t k = 0; k < states_.size(); ++k) {
        std::size_t i = slot_of(states_[k]);
        while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = static_cast<std::uint32_t>(k + 1);
      }
    }
    /// The states, in the order found.
    std::vector<State> states_;
    /// Index + 1 into `states_` of the state in each slot; 0 for an empty slot.
    std::vector<std::uint32_t> slots_;
  };

  /// Groups the ships by length (ships of one length are alike while counting) and lays out the
  /// bit fields of a state.
  void group_ships(const Ocean<S>& ocean) {
    int longest = 1;
    for (int s = 0; s < ocean.ship_count(); ++s) {
      const int length = ocean.length(s);
      longest = (std::max)(longest, length);
      const auto at = std::find(lengths_.begin(), lengths_.end(), length);
      if (at == lengths_.end()) {
        lengths_.push_back(length);
        ships_.push_back({s});
      } else {
        ships_[static_cast<std::size_t>(at - lengths_.begin())].push_back(s);
      }
    }
    field_bits_ = static_cast<unsigned>(std::bit_width(static_cast<unsigned>(longest)));
    per_word_ = 64 / field_bits_;
    unsigned shift = 0;
    for (const auto& same : ships_) {
      shifts_.push_back(shift);
      start_ships_ |= static_cast<std::uint64_t>(same.size()) << shift;
      shift += static_cast<unsigned>(std::bit_width(same.size())); // at most 32 ships: fits
    }
  }

  /// Numbers the cells in scan order (line by line) and notes, for each, whether it is open (on
  /// the board and not blocked), how many open cells run from it along and across the lines, and
  /// how many open cells are left from it to the end.
  void index_cells(const Ocean<S>& ocean) {
    const Board<S>& board = ocean.board();
    open_.assign(cells_, 0);
    for (std::size_t t = 0; t < cells_; ++t)
      open_[t] = ocean.blocked().test(board.index(coord_at(t))) ? 0 : 1;
    along_.assign(cells_, 0);
    across_.assign(cells_ + static_cast<std::size_t>(width_), 0);
    open_after_.assign(cells_ + 1, 0);
    for (std::size_t t = cells_; t-- > 0;) {
      const bool line_end = column(t) == width_ - 1;
      along_[t] = open_[t] ? 1 + (line_end ? 0 : along_[t + 1]) : 0;
      across_[t] = open_[t] ? 1 + across_[t + static_cast<std::size_t>(width_)] : 0;
      open_after_[t] = open_after_[t + 1] + open_[t];
    }
  }

  /// The position of cell `t` in its line.
  int column(std::size_t t) const noexcept {
    return static_cast<int>(t % static_cast<std::size_t>(width_));
  }
  /// The board cell that is cell `t` in scan order.
  Coord coord_at(std::size_t t) const noexcept {
    const int line = static_cast<int>(t / static_cast<std::size_t>(width_));
    return transposed_ ? Coord{column(t), line} : Coord{line, column(t)};
  }
  /// The placement of a ship of group `group` whose first cell in scan order is cell `t`.
  Placement placement_at(std::size_t t, int group, bool down) const noexcept {
    const int length = lengths_[static_cast<std::size_t>(group)];
    // Along the line is horizontal unless the board was turned; one cell is always horizontal.
    const bool vertical = length > 1 && (down != transposed_);
    return Placement{coord_at(t), vertical ? Orientation::vertical : Orientation::horizontal,
                     length};
  }
  /// Whether cell `t` exists and may hold a ship.
  bool open(std::size_t t) const noexcept { return t < cells_ && open_[t] != 0; }

  /// Field `f` of `s` (`f < width_`: a position of the line; `f == width_`: the left cell).
  unsigned field(const State& s, int f) const noexcept {
    const auto at = static_cast<unsigned>(f);
    const unsigned shift = (at % per_word_) * field_bits_;
    return static_cast<unsigned>((s.profile[at / per_word_] >> shift) & field_mask());
  }
  /// Sets field `f` of `s` to `value`.
  void set_field(State& s, int f, unsigned value) const noexcept {
    const auto at = static_cast<unsigned>(f);
    const unsigned shift = (at % per_word_) * field_bits_;
    auto& word = s.profile[at / per_word_];
    word = (word & ~(field_mask() << shift)) | (static_cast<std::uint64_t>(value) << shift);
  }
  /// The bits of one field.
  std::uint64_t field_mask() const noexcept { return (std::uint64_t{1} << field_bits_) - 1; }
  /// Ships of group `g` still to begin in `s`.
  std::uint64_t left_to_begin(const State& s, std::size_t g) const noexcept {
    const auto bits = static_cast<unsigned>(std::bit_width(ships_[g].size()));
    return (s.ships >> shifts_[g]) & ((std::uint64_t{1} << bits) - 1);
  }

  /// The state before the first cell: nothing asked, every ship still to place.
  State start() const noexcept { return State{{}, start_ships_}; }

  /// Whether `s`, before cell `t`, passes the tests every state that can finish passes.
  ///
  /// Cells: the ship cells owed (by ships not begun and by ships begun) fit in the open cells left
  /// outside the halos the profile knows. Spread, when ships may not share an edge: grow each ship
  /// cell by the cell on its right (under no contact, also by the cells below and below right) on
  /// the board grown by one position (and one line). Ships that may not touch that way then cover
  /// disjoint cells, a ship of length L at least L + 1 (2 (L + 1)) of them, and what the ships to
  /// come and the ships begun cover from cell `t` on must fit in the cells left there.
  bool may_finish(std::size_t t, const State& s) const noexcept {
    const int j = t < cells_ ? column(t) : 0;
    const bool corners = key_.touching == Touching::no_contact;
    constexpr int ends = halo; // the field values compared as ints
    int cells = 0;             // ship cells owed
    int shut = 0;              // open cells to come that lie in a halo
    int spread = 0;            // grown cells needed from cell t on
    for (int f = 0; f < width_; ++f) {
      const auto v = static_cast<int>(field(s, f));
      shut += v == ends ? 1 : 0;
      if (v > ends) { // a ship going down, v - 1 cells to go (and, grown, its last decided one)
        cells += v - 1;
        spread += corners ? 2 * v : 2 * (v - 1);
      }
    }
    const auto left = static_cast<int>(field(s, width_));
    if (left > ends) { // a ship going on along the line, left - 1 cells to go
      cells += left - 1;
      spread += corners ? 2 * left + 1 : left;
    } else if (left == ends && j > 0) { // a ship cell on the left, grown into cell t
      if (open_[t] != 0 && field(s, j) != halo) ++shut;
      spread += corners ? (field(s, j - 1) > halo ? 0 : 3) : 1; // (if that ship is finished)
    }
    for (std::size_t g = 0; g < lengths_.size(); ++g) {
      const auto n = static_cast<int>(left_to_begin(s, g));
      cells += n * lengths_[g];
      spread += n * (corners ? 2 * (lengths_[g] + 1) : lengths_[g] + 1);
    }
    if (cells > open_after_[t] - shut) return false;
    if (key_.touching == Touching::allowed) return true;
    const int lines_after = lines_ - static_cast<int>(t / static_cast<std::size_t>(width_)) - 1;
    return spread <= (width_ + 1 - j) + (corners ? lines_after + 1 : lines_after) * (width_ + 1);
  }

  /// Calls `f(next, group, down)` for every way to decide cell `t` from state `s` that can still
  /// finish, always in the same order: `group` is the length group of a ship beginning at `t`
  /// (along the line, or across the lines if `down`), or -1 when none begins there.
  template <class F>
  void for_each_step(std::size_t t, const State& s, F&& f) const {
    const int j = column(t);
    const unsigned above = field(s, j);     // what the decided cells ask of this one...
    const unsigned left = field(s, width_); // ...from above and from the left
    const bool halos = key_.touching != Touching::allowed;
    const bool corners = key_.touching == Touching::no_contact;
    const std::size_t below = t + static_cast<std::size_t>(width_);
    // Finishes `next`: what the cell below must be, the halo's corner below on the left, what
    // the cell on the right must be (nothing past the line's end), then hands it on.
    auto emit = [&](State next, unsigned down_value, bool ship, unsigned right_value, int group,
                    bool down) {
      unsigned below_value = down_value;
      if (below_value == open_water && open(below) &&
          ((ship && halos) || (corners && left != open_water)))
        below_value = halo; // (a ship on the left touches the cell below at a corner)
      set_field(next, j, below_value);
      if (ship && corners && j > 0 && open(below - 1)) set_field(next, j - 1, halo);
      set_field(next, width_, j == width_ - 1 ? open_water : right_value);
      if (may_finish(t + 1, next)) f(next, group, down);
    };
    const unsigned ended = halos ? halo : open_water; // what a ship's last cell asks on its right
    if (above > halo) {                               // a ship comes down into this cell
      if (left != open_water || !open(t)) return;     // it would touch or cross the one on the left
      emit(s, above > 2 ? above - 1 : open_water, true, ended, -1, false);
      return;
    }
    if (left > halo) { // a ship goes on into this cell from the left
      if (above == halo || !open(t)) return;
      emit(s, open_water, true, left > 2 ? left - 1 : ended, -1, false);
      return;
    }
    emit(s, open_water, false, open_water, -1, false); // water
    if (above != open_water || left != open_water || !open(t)) return;
    for (std::size_t g = 0; g < lengths_.size(); ++g) {
      if (left_to_begin(s, g) == 0) continue;
      State next = s;
      next.ships -= std::uint64_t{1} << shifts_[g];
      const int length = lengths_[g];
      const auto group = static_cast<int>(g);
      if (length == 1) {
        emit(next, open_water, true, ended, group, false);
        continue;
      }
      if (along_[t] >= length)
        emit(next, open_water, true, static_cast<unsigned>(length), group, false);
      if (across_[t] >= length) emit(next, static_cast<unsigned>(length), true, ended, group, true);
    }
  }

  /// Finds every state reachable from the start, layer by layer; false if the budget ran out.
  bool reach_every_state() {
    layers_.assign(cells_ + 1, {});
    if (may_finish(0, start())) layers_[0].push_back(start()); // else no layout: nothing to do
    spent_ = 1;
    long expanded = 0; // states stepped from: the stop flag is read every 1,024 of them
    for (std::size_t t = 0; t < cells_; ++t) {
      Gather next;
      for (const State& s : layers_[t]) {
        bool within = true;
        for_each_step(t, s, [&](const State& n, int, bool) {
          if (within && next.insert(n) && ++spent_ > budget_) within = false;
        });
        if (!within || (++expanded % 1024 == 0 && stop_requested())) return false;
      }
      layers_[t + 1] = next.take_sorted();
    }
    return true;
  }

  /// The completions of every reached state, from the last layer back to the first (saturating at
  /// `overflow`). Every state of the last layer owes nothing, so each is one way to finish. A
  /// layer's dead states are dropped once the layer before it is counted: sampling never visits
  /// them, and a state not found counts as dead. False if stopped first.
  bool count_completions() {
    ways_.assign(cells_ + 1, {});
    ways_[cells_].assign(layers_[cells_].size(), 1);
    for (std::size_t t = cells_; t-- > 0;) {
      ways_[t].resize(layers_[t].size());
      for (std::size_t k = 0; k < layers_[t].size(); ++k) {
        std::uint64_t sum = 0;
        for_each_step(t, layers_[t][k], [&](const State& next, int, bool) {
          const std::uint64_t w = ways_from(t + 1, next);
          sum = w > overflow - sum ? overflow : sum + w;
        });
        ways_[t][k] = sum;
      }
      drop_dead_states(t + 1);
      if (stop_requested()) return false; // a layer is at most `budget` states
    }
    drop_dead_states(0);
    return true;
  }

  /// Whether the stop flag is set (and then notes that the run stopped).
  bool stop_requested() noexcept {
    if (!stop_set(stop_)) return false;
    stopped_ = true;
    return true;
  }

  /// Forgets the states of layer `t` from which no layout finishes.
  void drop_dead_states(std::size_t t) {
    std::size_t kept = 0;
    for (std::size_t k = 0; k < layers_[t].size(); ++k) {
      if (ways_[t][k] == 0) continue;
      layers_[t][kept] = layers_[t][k];
      ways_[t][kept++] = ways_[t][k];
    }
    layers_[t].resize(kept);
    layers_[t].shrink_to_fit();
    ways_[t].resize(kept);
    ways_[t].shrink_to_fit();
  }

  /// The completions of state `s` before cell `t` (0 for a state never reached or dead).
  std::uint64_t ways_from(std::size_t t, const State& s) const noexcept {
    const auto& layer = layers_[t];
    const auto at = std::lower_bound(layer.begin(), layer.end(), s);
    if (at == layer.end() || !(*at == s)) return 0;
    return ways_[t][static_cast<std::size_t>(at - layer.begin())];
  }

  /// `unlabelled` times the orderings of the ships of each length, or nothing past 2^64 - 2.
  std::optional<std::uint64_t> times_orderings(std::uint64_t unlabelled) const noexcept {
    std::uint64_t n = unlabelled;
    for (const auto& same : ships_)
      for (std::uint64_t k = 2; k <= same.size(); ++k) {
        if (n > (overflow - 1) / k) return std::nullopt;
        n *= k;
      }
    return n;
  }

  /// The situation counted.
  LayoutKey<S> key_;
  /// Most states `run` may reach.
  long budget_;
  /// States reached by the last `run`.
  long spent_ = 0;
  /// The flag the running `run` watches (null: none, and between runs).
  const std::atomic<bool>* stop_ = nullptr;
  /// Whether the last `run` gave up because of it.
  bool stopped_ = false;
  /// Whether lines run down the board's columns (it has more columns than rows).
  bool transposed_ = false;
  /// Cells in a line: the board's shorter side.
  int width_ = 1;
  /// Lines: the board's longer side.
  int lines_ = 1;
  /// Cells of the board.
  std::size_t cells_ = 1;
  /// The distinct ship lengths, in order of first appearance in the fleet.
  std::vector<int> lengths_;
  /// The ships of each length, in fleet order.
  std::vector<std::vector<int>> ships_;
  /// Where each length's count of ships still to begin lies in `State::ships`.
  std::vector<unsigned> shifts_;
  /// `State::ships` at the start: every ship still to begin.
  std::uint64_t start_ships_ = 0;
  /// Bits of one profile field: enough for the longest ship's length.
  unsigned field_bits_ = 1;
  /// Profile fields in one word.
  unsigned per_word_ = 64;
  /// Per cell in scan order: 1 if it may hold a ship, else 0.
  std::vector<int> open_;
  /// Per cell: open cells from it to the end of its line, itself included (0 if it is blocked).
  std::vector<int> along_;
  /// Per cell: open cells from it straight across the following lines, itself included.
  std::vector<int> across_;
  /// Per cell: open cells from it to the last cell of the board, itself included.
  std::vector<int> open_after_;
  /// The states reached before each cell (before cell `t`: layer `t`), sorted; once counted, only
  /// those from which a layout finishes.
  std::vector<std::vector<State>> layers_;
  /// The completions of each state of `layers_`.
  std::vector<std::vector<std::uint64_t>> ways_;
  /// Whether `run` found a layout; nothing until it finishes within the budget.
  std::optional<bool> fits_;
  /// The layouts with ships of one length alike, if counted (0 if none or not counted).
  std::uint64_t unlabelled_ = 0;
  /// The labelled layouts, if counted and at most 2^64 - 2.
  std::optional<std::uint64_t> total_;
};

} // namespace battleship::detail
