/// @file answer_refusal.hpp
/// @brief Why an answer told to a hand-fed `TargetView` or `Posterior` was refused.
#pragma once

#include <cstdint>
#include <string_view>

namespace battleship {

/// Why an answer was refused (nothing was recorded then): by `Posterior::record`, and by
/// `TargetView::refusal` for callers that feed a view by hand.
enum class AnswerRefusal : std::uint8_t {
  none,             ///< The answer was recorded.
  off_board,        ///< The cell is not on the board.
  invalid_shot,     ///< The outcome is `invalid`: a shot not taken tells nothing.
  already_recorded, ///< The cell's answer was recorded before.
  unknown_ship,     ///< The outcome names a ship the fleet does not have.
  inconsistent,     ///< No layout of the fleet fits this answer with the earlier ones.
  already_sunk,     ///< The outcome names a ship announced sunk before.
  fleet_sunk,       ///< A sinking after as many sinkings as the fleet has ships.
};

/// A sentence explaining `r`, e.g. "that cell was already recorded".
[[nodiscard]] constexpr std::string_view to_string(AnswerRefusal r) noexcept {
  switch (r) {
  case AnswerRefusal::none: return "the answer was recorded";
  case AnswerRefusal::off_board: return "that cell is not on the board";
  case AnswerRefusal::invalid_shot:
    return "an invalid shot tells nothing; record answered shots only";
  case AnswerRefusal::already_recorded: return "that cell was already recorded";
  case AnswerRefusal::unknown_ship: return "the answer names a ship the fleet does not have";
  case AnswerRefusal::inconsistent:
    return "no layout of the fleet fits this answer with the earlier ones";
  case AnswerRefusal::already_sunk: return "the answer names a ship that was already sunk";
  case AnswerRefusal::fleet_sunk: return "every ship of the fleet was already sunk";
  }
  return "?";
}

} // namespace battleship
