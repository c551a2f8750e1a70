/// @file outcome.hpp
/// @brief What a shot did, and what the defender tells the shooter about it.
#pragma once

#include <cstdint>
#include <string_view>

#include <battleship/rules.hpp>

namespace battleship {

/// The kind of result a shot has.
enum class ShotResult : std::uint8_t {
  miss,    ///< Water.
  hit,     ///< A ship was hit and is still afloat (or sinking is not disclosed).
  sunk,    ///< A ship was hit and this was its last undamaged cell.
  invalid, ///< The shot was not taken; see `ShotOutcome::refusal`.
};

/// Why a shot was not taken.
enum class ShotRefusal : std::uint8_t {
  none,         ///< The shot was taken.
  off_board,    ///< The cell is not on the board.
  already_shot, ///< The cell was shot before.
};

/// The result of firing at one cell.
///
/// From an `Ocean` the outcome is complete (the ship is named on every hit); what a shooter
/// receives is `disclose(outcome, rules.disclosure)`.
struct ShotOutcome {
  ShotResult result = ShotResult::miss;    ///< What happened.
  int ship = -1;                           ///< Ship hit or sunk, or -1 if none or not disclosed.
  ShotRefusal refusal = ShotRefusal::none; ///< Why the shot was invalid, if it was.

  /// Whether the shot was taken.
  [[nodiscard]] constexpr bool valid() const noexcept { return result != ShotResult::invalid; }
  /// Whether the shot struck a ship (hit or sunk).
  [[nodiscard]] constexpr bool struck() const noexcept {
    return result == ShotResult::hit || result == ShotResult::sunk;
  }
  /// Whether the shot sank a ship.
  [[nodiscard]] constexpr bool sank() const noexcept { return result == ShotResult::sunk; }

  /// Outcomes are equal when every field is.
  friend constexpr bool operator==(const ShotOutcome&, const ShotOutcome&) = default;
};

/// What the shooter is told of `full` under the disclosure rule `d`.
///
/// `hit_only` turns a sinking into a plain hit and hides the ship; `hit_and_sunk` hides which ship
/// sank; `sunk_with_name` names the ship only when it sinks (a plain hit never names the ship).
[[nodiscard]] constexpr ShotOutcome disclose(const ShotOutcome& full, Disclosure d) noexcept {
  ShotOutcome r = full;
  if (r.result == ShotResult::hit) r.ship = -1;
  if (r.result == ShotResult::miss) r.ship = -1;
  if (r.result == ShotResult::sunk) {
    if (d == Disclosure::hit_only)
      r = ShotOutcome{ShotResult::hit, -1, ShotRefusal::none};
    else if (d == Disclosure::hit_and_sunk)
      r.ship = -1;
  }
  return r;
}

/// `miss`, `hit`, `sunk` or `invalid`.
[[nodiscard]] constexpr std::string_view to_string(ShotResult r) noexcept {
  switch (r) {
  case ShotResult::miss: return "miss";
  case ShotResult::hit: return "hit";
  case ShotResult::sunk: return "sunk";
  case ShotResult::invalid: return "invalid";
  }
  return "?";
}

/// A sentence explaining `r`, e.g. "that cell was already shot".
[[nodiscard]] constexpr std::string_view to_string(ShotRefusal r) noexcept {
  switch (r) {
  case ShotRefusal::none: return "the shot was taken";
  case ShotRefusal::off_board: return "that cell is not on the board";
  case ShotRefusal::already_shot: return "that cell was already shot";
  }
  return "?";
}

} // namespace battleship
