/// @file ocean.hpp
/// @brief A player's own board: where the ships lie and what the enemy's shots did to them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

#include <battleship/board.hpp>
#include <battleship/detail/inline.hpp>
#include <battleship/fleet.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>

namespace battleship {

/// Why a ship could not be placed or removed.
enum class PlacementRefusal : std::uint8_t {
  none,             ///< The call succeeded.
  unknown_ship,     ///< No ship of the fleet has that id.
  off_board,        ///< Part of the ship would lie off the board.
  overlap,          ///< The ship would overlap another ship.
  touching,         ///< The ship would touch another ship, which the touching rule forbids.
  blocked,          ///< The ship would cover a blocked cell (seed 002's `block`).
  already_placed,   ///< That ship is already on the board (unplace it first).
  not_placed,       ///< `unplace`: that ship is not on the board.
  not_there,        ///< `unplace`: that ship is not at the given position.
  shooting_started, ///< Ships cannot move once a shot has been fired.
  wrong_length,     ///< The placement's length is not the ship's length.
};

/// A sentence explaining `r`, e.g. "the ship would overlap another ship".
[[nodiscard]] constexpr std::string_view to_string(PlacementRefusal r) noexcept {
  switch (r) {
  case PlacementRefusal::none: return "done";
  case PlacementRefusal::unknown_ship: return "the fleet has no ship with that id";
  case PlacementRefusal::off_board: return "the ship would lie partly off the board";
  case PlacementRefusal::overlap: return "the ship would overlap another ship";
  case PlacementRefusal::touching:
    return "the ship would touch another ship, which the rules forbid";
  case PlacementRefusal::blocked: return "the ship would cover a blocked cell";
  case PlacementRefusal::already_placed: return "that ship is already on the board";
  case PlacementRefusal::not_placed: return "that ship is not on the board";
  case PlacementRefusal::not_there: return "that ship is not at that position";
  case PlacementRefusal::shooting_started: return "ships cannot move once shooting has started";
  case PlacementRefusal::wrong_length: return "the placement's length is not the ship's length";
  }
  return "?";
}

/// A player's own board: ship positions, blocked cells, and the damage done by enemy shots.
///
/// Every mutating call either succeeds completely or changes nothing and says why. Ships are
/// identified by their id in the fleet (`Fleet::ship`).
template <BoardShape S>
class Ocean {
public:
  /// The board type.
  using board_type = Board<S>;
  /// A set of cells.
  using bitboard_type = typename board_type::bitboard_type;

  /// An empty ocean for `fleet` on `board`, placing ships under the touching rule `touching`.
  ///
  /// Throws `std::invalid_argument` if the fleet is invalid or a ship cannot fit on the board.
  Ocean(const board_type& board, const Fleet& fleet, Touching touching = Touching::allowed)
      : board_(board), fleet_(fleet), touching_(touching) {
    fleet.validate(board.shape());
    ship_count_ = fleet.ship_count();
    for (int i = 0; i < ship_count_; ++i)
      length_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(fleet.ship(i).length);
    ship_at_.fill(no_ship);
    all_ships_ = ship_count_ == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << ship_count_) - 1;
  }

  /// The board.
  [[nodiscard]] const board_type& board() const noexcept { return board_; }
  /// The fleet.
  [[nodiscard]] const Fleet& fleet() const noexcept { return fleet_; }
  /// The touching rule placements obey.
  [[nodiscard]] Touching touching() const noexcept { return touching_; }
  /// Number of ships in the fleet.
  [[nodiscard]] int ship_count() const noexcept { return ship_count_; }
  /// Length of ship `ship`, which must be in `[0, ship_count())` (as for `placement` and
  /// `health`; the yes-or-no queries `is_placed` and `is_sunk` answer false for any other id).
  [[nodiscard]] int length(int ship) const noexcept {
    return length_[static_cast<std::size_t>(ship)];
  }

  // ---- placement -------------------------------------------------------------------------

  /// Why `ship` could not be placed at `origin` facing `orientation` now, or `none` if it could.
  /// Where several reasons apply, the first of `unknown_ship`, `shooting_started`,
  /// `already_placed`, `off_board`, `overlap`, `blocked` and `touching` is given.
  [[nodiscard]] PlacementRefusal check_place(int ship, Coord origin,
                                             Orientation orientation) const noexcept {
    if (ship < 0 || ship >= ship_count_) return PlacementRefusal::unknown_ship;
    if (shots_.any()) return PlacementRefusal::shooting_started;
    if (is_placed(ship)) return PlacementRefusal::already_placed;
    const Placement p{origin, orientation, length(ship)};
    if (!board_.contains(p)) return PlacementRefusal::off_board;
    const bitboard_type m = board_.mask(p);
    if (m.intersects(occupied_)) return PlacementRefusal::overlap;
    if (m.intersects(blocked_)) return PlacementRefusal::blocked;
    if (touching_ == Touching::no_edge_contact && board_.dilate4(m).intersects(occupied_))
      return PlacementRefusal::touching;
    if (touching_ == Touching::no_contact && board_.dilate8(m).intersects(occupied_))
      return PlacementRefusal::touching;
    return PlacementRefusal::none;
  }

  /// Places `ship` with its top or left cell at `origin`; on refusal nothing changes.
  PlacementRefusal place(int ship, Coord origin, Orientation orientation) noexcept {
    const PlacementRefusal why = check_place(ship, origin, orientation);
    if (why != PlacementRefusal::none) return why;
    const Placement p{origin, orientation, length(ship)};
    put(ship, p, board_.mask(p));
    return PlacementRefusal::none;
  }

  /// Places `ship` at `p` (whose length must be the ship's); on refusal nothing changes.
  PlacementRefusal place(int ship, const Placement& p) noexcept {
    if (ship >= 0 && ship < ship_count_ && p.length != length(ship))
      return PlacementRefusal::wrong_length;
    return place(ship, p.origin, p.orientation);
  }

  /// Places `ship` at `p` without any check. For placers that already know `p` is legal
  /// (`check_place(...) == none`); the precondition is not verified.
  void place_unchecked(int ship, const Placement& p) noexcept { put(ship, p, board_.mask(p)); }

  /// `place_unchecked` for placers that also hold the cells `p` covers (`cells ==
  /// board().mask(p)`, not verified): saves recomputing them.
  void place_unchecked(int ship, const Placement& p, const bitboard_type& cells) noexcept {
    put(ship, p, cells);
  }

  /// Removes `ship` from the board; on refusal nothing changes.
  PlacementRefusal unplace(int ship) noexcept {
    if (ship < 0 || ship >= ship_count_) return PlacementRefusal::unknown_ship;
    if (shots_.any()) return PlacementRefusal::shooting_started;
    if (!is_placed(ship)) return PlacementRefusal::not_placed;
    const bitboard_type m = board_.mask(placement_[static_cast<std::size_t>(ship)]);
    m.for_each([&](std::size_t i) { ship_at_[i] = no_ship; });
    occupied_ -= m;
    placed_ &= ~bit(ship);
    return PlacementRefusal::none;
  }

  /// Removes `ship` only if it lies exactly at `origin` facing `orientation` (CS32's
  /// `unplaceShip`). After a shot the refusal is `shooting_started`, as from `unplace(ship)`.
  PlacementRefusal unplace(int ship, Coord origin, Orientation orientation) noexcept {
    if (ship < 0 || ship >= ship_count_) return PlacementRefusal::unknown_ship;
    if (shots_.any()) return PlacementRefusal::shooting_started;
    if (!is_placed(ship) || !(placement_[static_cast<std::size_t>(ship)] ==
                              Placement{origin, orientation, length(ship)}))
      return PlacementRefusal::not_there;
    return unplace(ship);
  }

  /// Whether `ship` is on the board.
  [[nodiscard]] bool is_placed(int ship) const noexcept { return (placed_ & bit(ship)) != 0; }
  /// Whether every ship of the fleet is on the board.
  [[nodiscard]] bool all_placed() const noexcept { return placed_ == all_ships(); }
  /// Where `ship` lies; meaningful only if `is_placed(ship)`.
  [[nodiscard]] const Placement& placement(int ship) const noexcept {
    return placement_[static_cast<std::size_t>(ship)];
  }
  /// The ship covering `c`, if any (off-board cells hold none).
  [[nodiscard]] std::optional<int> ship_at(Coord c) const noexcept {
    if (!board_.contains(c)) return std::nullopt;
    const auto s = ship_at_[board_.index(c)];
    if (s == no_ship) return std::nullopt;
    return static_cast<int>(s);
  }
  /// Every cell covered by a ship.
  [[nodiscard]] const bitboard_type& occupied() const noexcept { return occupied_; }

  /// The cells free to block: on the board, under no ship, not blocked.
  [[nodiscard]] bitboard_type free_cells() const noexcept {
    return board_.all() - occupied_ - blocked_;
  }
  /// Blocks `count` cells chosen uniformly among the free ones (`free_cells`), or all of them if
  /// fewer; no ship may then be placed over them. Used by CS32's mediocre placer (seed 002).
  void block(Rng& rng, int count) noexcept {
    bitboard_type pool = free_cells();
    for (int n = pool.count(); count > 0 && n > 0; --count, --n) {
      const std::size_t i = pool.nth(rng.below(n));
      pool.reset(i);
      blocked_.set(i);
    }
  }
  /// Blocks about half the board: `cells / 2` free cells, as CS32's `Board::block` does.
  void block(Rng& rng) noexcept { block(rng, board_.cells() / 2); }
  /// Blocks every cell of `cells` that is on the board and under no ship (a placer that blocks
  /// and unblocks for itself puts the blocks it found back with this).
  void block(const bitboard_type& cells) noexcept {
    blocked_ |= cells & (board_.all() - occupied_);
  }
  /// Blocks the cell `c` (for tests and hand-made puzzles) and returns true, or returns false and
  /// changes nothing for a cell off the board or under a ship: a block lies on free water only,
  /// as a ship is never placed over one.
  bool block(Coord c) noexcept {
    if (!board_.contains(c) || occupied_.test(board_.index(c))) return false;
    blocked_.set(board_.index(c));
    return true;
  }
  /// Removes every block.
  void unblock() noexcept { blocked_.clear(); }
  /// The blocked cells.
  [[nodiscard]] const bitboard_type& blocked() const noexcept { return blocked_; }

  /// Removes every ship, block and shot: the ocean is as constructed.
  void clear() noexcept {
    clear_ships();
    blocked_.clear();
  }

  /// Removes every ship and shot but keeps the blocks: where a placer starts from.
  void clear_ships() noexcept {
    occupied_.clear();
    ship_at_.fill(no_ship);
    placed_ = 0;
    repair();
  }

  /// Removes every shot and all damage but keeps the ships where they are.
  void repair() noexcept {
    shots_.clear();
    hits_.clear();
    sunk_ = 0;
    for (int i = 0; i < ship_count_; ++i)
      health_[static_cast<std::size_t>(i)] = length_[static_cast<std::size_t>(i)];
  }

  // ---- shooting --------------------------------------------------------------------------

  /// Fires at `c`: a miss, a hit, a sinking, or an invalid shot (off board or repeated) that
  /// changes nothing.
  ShotOutcome fire(Coord c) noexcept {
    if (!board_.contains(c)) return ShotOutcome{ShotResult::invalid, -1, ShotRefusal::off_board};
    return fire_cell(board_.index(c));
  }

  /// Fires at the cell with row-major index `i`, which must be on the board (`i <
  /// board().cells()`): `fire` without the bounds check, for runners that already made it.
  BATTLESHIP_HOT_INLINE ShotOutcome fire_cell(std::size_t i) noexcept {
    if (shots_.test(i)) [[unlikely]]
      return ShotOutcome{ShotResult::invalid, -1, ShotRefusal::already_shot};
    shots_.set(i);
    const auto s = ship_at_[i];
    if (s == no_ship) return ShotOutcome{ShotResult::miss, -1, ShotRefusal::none};
    hits_.set(i);
    if (--health_[s] == 0) {
      sunk_ |= bit(s);
      return ShotOutcome{ShotResult::sunk, s, ShotRefusal::none};
    }
    return ShotOutcome{ShotResult::hit, s, ShotRefusal::none};
  }

  /// Every cell shot at.
  [[nodiscard]] const bitboard_type& shots() const noexcept { return shots_; }
  /// Every ship cell hit.
  [[nodiscard]] const bitboard_type& hits() const noexcept { return hits_; }
  /// Whether `c` has been shot at (off-board cells never are).
  [[nodiscard]] bool was_shot(Coord c) const noexcept {
    return board_.contains(c) && shots_.test(board_.index(c));
  }
  /// Undamaged cells left on `ship`.
  [[nodiscard]] int health(int ship) const noexcept {
    return health_[static_cast<std::size_t>(ship)];
  }
  /// Whether `ship` is sunk.
  [[nodiscard]] bool is_sunk(int ship) const noexcept { return (sunk_ & bit(ship)) != 0; }
  /// Number of sunk ships.
  [[nodiscard]] int sunk_count() const noexcept { return std::popcount(sunk_); }
  /// Number of placed ships not yet sunk.
  [[nodiscard]] int afloat_count() const noexcept { return std::popcount(placed_ & ~sunk_); }
  /// Whether every ship of the fleet has been sunk (CS32's `allShipsDestroyed`).
  [[nodiscard]] bool all_sunk() const noexcept { return sunk_ == all_ships(); }

  /// Oceans are equal when the same ships lie in the same places with the same damage and blocks
  /// (a ship of one cell lies in the same place whichever way it was turned).
  friend bool operator==(const Ocean& a, const Ocean& b) noexcept {
    if (!(a.board_ == b.board_) || !(a.fleet_ == b.fleet_) || a.touching_ != b.touching_ ||
        a.placed_ != b.placed_ || a.shots_ != b.shots_ || a.blocked_ != b.blocked_)
      return false;
    for (int i = 0; i < a.ship_count_; ++i) {
      if (!a.is_placed(i)) continue;
      const Placement& p = a.placement(i);
      const Placement& q = b.placement(i);
      if (!(p.origin == q.origin) || (p.length > 1 && p.orientation != q.orientation)) return false;
    }
    return true;
  }

private:
  static constexpr std::uint8_t no_ship = 0xFF;
  static constexpr std::uint32_t bit(int ship) noexcept {
    return ship >= 0 && ship < max_ships ? std::uint32_t{1} << ship : 0; // no ship: no bit
  }
  // Computed once: `all_sunk()` is tested after every shot.
  [[nodiscard]] std::uint32_t all_ships() const noexcept { return all_ships_; }

  void put(int ship, const Placement& p, const bitboard_type& m) noexcept {
    const auto s = static_cast<std::size_t>(ship);
    placement_[s] = p;
    m.for_each([&](std::size_t i) { ship_at_[i] = static_cast<std::uint8_t>(ship); });
    occupied_ |= m;
    placed_ |= bit(ship);
    health_[s] = length_[s];
  }

  board_type board_;
  Fleet fleet_;
  Touching touching_;
  int ship_count_ = 0;
  std::array<std::uint8_t, max_ships> length_{};
  std::array<std::uint8_t, max_ships> health_{};
  std::array<Placement, max_ships> placement_{};
  std::array<std::uint8_t, S::capacity> ship_at_{};
  std::uint32_t all_ships_ = 0;
  std::uint32_t placed_ = 0;
  std::uint32_t sunk_ = 0;
  bitboard_type occupied_;
  bitboard_type blocked_;
  bitboard_type shots_;
  bitboard_type hits_;
};

} // namespace battleship
