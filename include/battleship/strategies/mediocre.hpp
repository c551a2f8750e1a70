/// @file strategies/mediocre.hpp
/// @brief The CS32 Mediocre player's attack algorithm: random shots, then a cross around the first
/// hit (seed 002).
#pragma once

#include <battleship/board.hpp>
#include <battleship/rng.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// The CS32 Project 3 Mediocre player's shooter, exactly as the seed specifies it.
///
/// It is always in one of two states, starting in state 1:
/// - **State 1**: fire at a uniformly random cell not chosen before. A hit that does not sink
///   moves it to state 2 with the anchor (r, c) = that cell; a miss, or a hit that sinks, keeps
///   it in state 1.
/// - **State 2**: fire at a uniformly random cell among the on-board cells not chosen before that
///   lie at most `reach` (4) steps from the anchor horizontally or vertically (the *cross*). If
///   that set is empty (possible only with ships longer than 5), switch to state 1 and use its
///   choice. A miss or a hit that does not sink keeps it in state 2 (with the same anchor); any
///   sinking, of whichever ship, returns it to state 1.
///
/// "Not chosen before" is the view's `open()` set (on the board, not shot, not pending in a
/// salvo), so the shooter only ever names open cells. Each shot costs one draw of
/// `Rng::below(n)` over the candidate set in row-major order, so a seed fixes the game.
///
/// When the rules do not disclose sinkings (`Disclosure::hit_only`), a sinking arrives as a plain
/// hit: a sinking shot in state 1 enters state 2, and state 2 is never left through a sinking,
/// only when its cross is exhausted. That is the seed's algorithm given what it is told.
template <BoardShape S>
class MediocreShooter {
public:
  /// Registry name.
  static constexpr const char* name = "mediocre";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "random hunting, then random cells within 4 of the first hit until a sinking (seed 002)";
  /// How many steps from the anchor the cross reaches in each of the four directions (seed: 4).
  static constexpr int reach = 4;
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Back to state 1 for a new game.
  void start(const TargetView<S>&) noexcept {
    state_ = 1;
    anchor_ = Coord{};
  }

  /// A uniformly random open cell of the cross in state 2, else of the whole board.
  ///
  /// Returns (-1, -1) only when no cell is open (the game is over).
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const bitboard_type open = view.open();
    if (state_ == 2) {
      const bitboard_type candidates = cross(view.board(), anchor_) & open;
      if (candidates.any()) return pick(view.board(), candidates, rng);
      state_ = 1; // the cross is exhausted: use state 1's selection
    }
    if (open.none()) return Coord{-1, -1};
    return pick(view.board(), open, rng);
  }

  /// The state transitions: a sinking returns to state 1; a non-sinking hit in state 1 enters
  /// state 2 anchored at `cell`; anything else (a miss, a hit in state 2, an invalid shot)
  /// changes nothing.
  void on_result(const TargetView<S>&, Coord cell, const ShotOutcome& told) noexcept {
    if (!told.valid()) return;
    if (told.sank()) {
      state_ = 1;
    } else if (told.struck() && state_ == 1) {
      state_ = 2;
      anchor_ = cell;
    }
  }

  /// The current state, 1 (random) or 2 (cross around the anchor).
  [[nodiscard]] int state() const noexcept { return state_; }
  /// The hit that caused the last move to state 2; meaningful in state 2.
  [[nodiscard]] Coord anchor() const noexcept { return anchor_; }

  /// The cross of `anchor` on `board`: the on-board cells at most `reach` steps away in the same
  /// row or the same column, the anchor itself excluded.
  [[nodiscard]] static bitboard_type cross(const Board<S>& board, Coord anchor) noexcept {
    bitboard_type b;
    for (int d = -reach; d <= reach; ++d) {
      if (d == 0) continue;
      const Coord across{anchor.row, anchor.col + d};
      const Coord down{anchor.row + d, anchor.col};
      if (board.contains(across)) b.set(board.index(across));
      if (board.contains(down)) b.set(board.index(down));
    }
    return b;
  }

private:
  static Coord pick(const Board<S>& board, const bitboard_type& from, Rng& rng) noexcept {
    return board.coord(from.nth(rng.below(from.count())));
  }

  int state_ = 1;
  Coord anchor_{};
};

} // namespace battleship
