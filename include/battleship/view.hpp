/// @file view.hpp
/// @brief What a shooter may know about the enemy's ocean: its own shots and what it was told.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>

#include <battleship/answer_refusal.hpp>
#include <battleship/board.hpp>
#include <battleship/detail/inline.hpp>
#include <battleship/fleet.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rules.hpp>

namespace battleship {

/// One sinking as the shooter learnt of it.
struct SunkReport {
  Coord cell;    ///< The shot that sank the ship.
  int ship = -1; ///< The ship sunk, or -1 when the rules do not name it.
  /// Reports are equal when they name the same shot and ship.
  friend constexpr bool operator==(const SunkReport&, const SunkReport&) = default;
};

/// Everything a shooter may know about its target: the board, fleet and rules, its shots, and
/// what the defender announced under the disclosure rule.
///
/// Strategies receive only a `const TargetView&`, so no strategy can see the enemy's ocean: they
/// cannot cheat by construction. The game runner owns the view and records each announced outcome.
template <BoardShape S>
class TargetView {
public:
  /// The board type.
  using board_type = Board<S>;
  /// A set of cells.
  using bitboard_type = typename board_type::bitboard_type;

  /// A fresh view of a target with `fleet` on `board` under `rules`.
  /// Throws `std::invalid_argument` for a fleet of no ships or more than `max_ships` (the view's
  /// tables are sized by it).
  TargetView(const board_type& board, const Fleet& fleet, const Rules& rules)
      : board_(board), fleet_(fleet), rules_(rules), ship_count_(fleet.ship_count()) {
    if (ship_count_ < 1 || ship_count_ > max_ships)
      throw std::invalid_argument(fleet.problem().value_or("the fleet has no ships"));
    for (int id = 0; id < ship_count_; ++id)
      ship_length_[static_cast<std::size_t>(id)] =
          static_cast<std::uint16_t>(fleet.ship(id).length);
  }

  /// The target's board.
  [[nodiscard]] const board_type& board() const noexcept { return board_; }
  /// The target's fleet (its composition is public knowledge).
  [[nodiscard]] const Fleet& fleet() const noexcept { return fleet_; }
  /// The rules of the game.
  [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
  /// Length of ship number `id` (which must be in `[0, fleet().ship_count())`):
  /// `fleet().ship(id).length` without the search through the ship classes.
  [[nodiscard]] int ship_length(int id) const noexcept {
    return ship_length_[static_cast<std::size_t>(id)];
  }

  /// Cells shot at and resolved.
  [[nodiscard]] const bitboard_type& shots() const noexcept { return shots_; }
  /// Cells where a ship was hit.
  [[nodiscard]] const bitboard_type& hits() const noexcept { return hits_; }
  /// Cells shot at that were water.
  [[nodiscard]] bitboard_type misses() const noexcept { return shots_ - hits_; }
  /// Cells already named in the current salvo whose results are not yet announced.
  [[nodiscard]] const bitboard_type& pending() const noexcept { return pending_; }
  /// Cells that may still be shot: on the board, not shot, not pending.
  [[nodiscard]] BATTLESHIP_HOT_INLINE bitboard_type open() const noexcept {
    return board_.all() - shots_ - pending_;
  }
  /// Whether `c` may still be shot.
  [[nodiscard]] bool is_open(Coord c) const noexcept {
    if (!board_.contains(c)) return false;
    const std::size_t i = board_.index(c);
    return !shots_.test(i) && !pending_.test(i);
  }
  /// Whether the cell with row-major index `i` (on the board) may still be shot.
  [[nodiscard]] bool is_open_cell(std::size_t i) const noexcept {
    return !shots_.test_either(pending_, i);
  }
  /// Number of valid shots fired so far.
  [[nodiscard]] int shots_fired() const noexcept { return shots_.count(); }

  /// The sinkings announced so far, in order.
  [[nodiscard]] const SunkReport* sunk_begin() const noexcept { return sunk_.data(); }
  /// End of the announced sinkings.
  [[nodiscard]] const SunkReport* sunk_end() const noexcept { return sunk_.data() + sunk_count_; }
  /// Sinking number `i` (in announcement order).
  [[nodiscard]] const SunkReport& sunk(int i) const noexcept {
    return sunk_[static_cast<std::size_t>(i)];
  }
  /// Number of sinkings announced (0 under `Disclosure::hit_only`).
  [[nodiscard]] int sunk_count() const noexcept { return sunk_count_; }
  /// Whether `ship` is known to be sunk (only under `Disclosure::sunk_with_name`).
  [[nodiscard]] bool known_sunk(int ship) const noexcept {
    return ship >= 0 && ship < max_ships && ((named_sunk_ >> ship) & 1U) != 0;
  }
  /// Bit mask of the ships known to be sunk.
  [[nodiscard]] std::uint32_t known_sunk_mask() const noexcept { return named_sunk_; }
  /// Number of ships not yet announced sunk.
  [[nodiscard]] int afloat_count() const noexcept { return ship_count_ - sunk_count_; }
  /// Whether `ship` may still be afloat as far as the shooter knows.
  [[nodiscard]] bool maybe_afloat(int ship) const noexcept { return !known_sunk(ship); }
  /// Length of the shortest ship that may still be afloat (0 if none).
  ///
  /// When sinkings are not named, this is the shortest ship of the fleet that cannot be ruled out.
  [[nodiscard]] int shortest_afloat() const noexcept {
    int best = 0;
    // Class by class: ship ids are numbered class after class, so no id-to-class lookup.
    for (int c = 0, first = 0; c < fleet_.class_count(); ++c) {
      const ShipClass& k = fleet_.ship_class(c);
      if (best == 0 || k.length < best)
        for (int id = first; id < first + k.count; ++id)
          if (maybe_afloat(id)) {
            best = k.length;
            break;
          }
      first += k.count;
    }
    return best;
  }

  /// Marks `c` as named in the current salvo (called by the game runner). A cell off the board
  /// is ignored, as `record` ignores one: no volley names it.
  void add_pending(Coord c) noexcept {
    if (board_.contains(c)) pending_.set(board_.index(c));
  }

  /// Why `record` should not take `outcome` at `c`, or `AnswerRefusal::none`: for callers that
  /// feed a view by hand (a front end, a lesson, a script), which a game runner never needs. It
  /// refuses a fired shot off the board (`off_board`), a ship outside the fleet (`unknown_ship`,
  /// whatever the outcome), a cell already answered (`already_recorded`: `record` would
  /// overwrite it), a hit or sinking naming a ship announced sunk (`already_sunk`) and a sinking
  /// after as many as the fleet has ships (`fleet_sunk`: `afloat_count` would fall below zero).
  /// An `invalid` outcome naming a ship of the fleet (or none) is never refused: `record` only
  /// ends the cell's pending state then.
  [[nodiscard]] AnswerRefusal refusal(Coord c, const ShotOutcome& outcome) const noexcept {
    if (outcome.valid() && !board_.contains(c)) return AnswerRefusal::off_board;
    if (outcome.ship < -1 || outcome.ship >= ship_count_) return AnswerRefusal::unknown_ship;
    if (!outcome.valid()) return AnswerRefusal::none;
    if (shots_.test(board_.index(c))) return AnswerRefusal::already_recorded;
    if (outcome.ship >= 0 && known_sunk(outcome.ship)) return AnswerRefusal::already_sunk;
    if (outcome.sank() && sunk_count_ >= ship_count_) return AnswerRefusal::fleet_sunk;
    return AnswerRefusal::none;
  }

  /// Records the announced `outcome` of the shot at `c` (called by the game runner, which is
  /// trusted: a hand-fed view checks each answer with `refusal` first). A cell off the board or
  /// a ship outside the fleet is ignored: no game announces one.
  void record(Coord c, const ShotOutcome& outcome) noexcept {
    if (!board_.contains(c) || outcome.ship < -1 || outcome.ship >= ship_count_) return;
    const std::size_t i = board_.index(c);
    pending_.reset(i);
    record_cell(i, outcome);
  }

  /// Records the announced `outcome` of the shot at the cell with row-major index `i`, which must
  /// be on the board and not pending: `record` without the bounds check and the pending update,
  /// for runners that check the shot themselves and announce each result at once (the solo
  /// runner).
  BATTLESHIP_HOT_INLINE void record_cell(std::size_t i, const ShotOutcome& outcome) noexcept {
    if (outcome.result == ShotResult::miss) { // the common case first: fewer tests per shot
      shots_.set(i);
      return;
    }
    if (!outcome.valid()) return;
    shots_.set(i);
    hits_.set(i);
    if (outcome.sank()) {
      if (sunk_count_ < max_ships)
        sunk_[static_cast<std::size_t>(sunk_count_++)] = SunkReport{board_.coord(i), outcome.ship};
      if (outcome.ship >= 0) named_sunk_ |= std::uint32_t{1} << outcome.ship;
    }
  }

  /// Views are equal when they are of the same board, fleet and rules and were told the same:
  /// the same shots, hits, pending cells and sinkings, in the same order.
  friend bool operator==(const TargetView& a, const TargetView& b) noexcept {
    return a.board_ == b.board_ && a.fleet_ == b.fleet_ && a.rules_ == b.rules_ &&
           a.shots_ == b.shots_ && a.hits_ == b.hits_ && a.pending_ == b.pending_ &&
           a.named_sunk_ == b.named_sunk_ &&
           std::equal(a.sunk_.begin(), a.sunk_.begin() + a.sunk_count_, b.sunk_.begin(),
                      b.sunk_.begin() + b.sunk_count_);
  }

  /// Forgets every shot: the view is as constructed.
  void reset() noexcept {
    shots_.clear();
    hits_.clear();
    pending_.clear();
    sunk_count_ = 0;
    named_sunk_ = 0;
  }

private:
  board_type board_;
  Fleet fleet_;
  Rules rules_;
  int ship_count_;
  std::array<std::uint16_t, max_ships> ship_length_{};
  bitboard_type shots_;
  bitboard_type hits_;
  bitboard_type pending_;
  std::array<SunkReport, max_ships> sunk_{};
  int sunk_count_ = 0;
  std::uint32_t named_sunk_ = 0;
};

} // namespace battleship
