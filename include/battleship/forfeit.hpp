/// @file forfeit.hpp
/// @brief The exception a shooter throws to give up the match it plays.
#pragma once

#include <stdexcept>

namespace battleship {

/// Thrown by a shooter's `next_shot` to give up the match it plays: a player who left, or a
/// strategy that broke and should lose its match rather than stop the run it is part of (the
/// Python bindings' `on_error="forfeit"`). `Game` then ends the match aborted, with that player
/// `at_fault` and the reason "player N forfeited: " followed by `what()`, and returns from the
/// call that was playing; `simulate_match` and `round_robin` count it as that player's forfeit
/// and play on. Anywhere else (a solo game) it passes out as any exception does.
class Forfeit : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace battleship
