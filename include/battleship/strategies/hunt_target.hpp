/// @file strategies/hunt_target.hpp
/// @brief Hunt/target shooters: random hunting, then the neighbours of every hit (seed 001), and
/// the parity variant that hunts on a lattice spaced by the shortest ship afloat (DataGenetics'
/// refinement of the seeds' fixed checkerboard).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include <battleship/rng.hpp>
#include <battleship/strategies/detail/cell_pool.hpp>
#include <battleship/strategies/detail/deductions.hpp>
#include <battleship/view.hpp>

namespace battleship {

namespace detail {
/// Hunt/target with a pluggable hunting shot (`Derived::hunt_cell`, `Derived::begin`).
template <BoardShape S, class Derived>
class HuntTargetBase {
public:
  /// Starts a game: every cell is huntable, the target stack is empty.
  void start(const TargetView<S>& view) {
    pool_.fill(view.board().cells());
    targets_ = 0;
    deductions_.start(view, false);
    static_cast<Derived&>(*this).begin(view);
  }

  /// Target mode while the stack holds a usable cell (last pushed, first fired), else a hunting
  /// shot. Stack entries that were shot meanwhile or are known water are dropped.
  Coord next_shot(const TargetView<S>& view, Rng& rng) {
    const int cell = next_cell(view, rng);
    return cell < 0 ? Coord{-1, -1} : view.board().coord(static_cast<std::size_t>(cell));
  }

  /// `next_shot` as a row-major cell index, or -1 (see `CellShotStrategy`).
  int next_cell(const TargetView<S>& view, Rng& rng) {
    while (targets_ > 0) {
      const Index cell = stack_[static_cast<std::size_t>(--targets_)];
      if (usable(view, cell)) return cell;
    }
    return static_cast<Derived&>(*this).hunt_cell(view, rng);
  }

  /// After a hit, pushes the hit's usable edge neighbours (up, down, left, right: the last pushed
  /// is fired first).
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (told.valid()) on_cell_result(view, view.board().index(cell), told);
  }

  /// `on_result` for the shot at row-major index `cell` (see `CellShotStrategy`).
  BATTLESHIP_HOT_INLINE void on_cell_result(const TargetView<S>& view, std::size_t cell,
                                            const ShotOutcome& told) {
    if (!told.valid()) return;
    deductions_.on_result(view, cell, told);
    if (!told.struck()) return;
    const Board<S>& board = view.board();
    const Coord c = board.coord(cell); // on hits only: most shots miss
    const auto here = static_cast<int>(cell);
    const int cols = board.cols();
    if (c.row > 0) push(view, here - cols);
    if (c.row + 1 < board.rows()) push(view, here + cols);
    if (c.col > 0) push(view, here - 1);
    if (c.col + 1 < cols) push(view, here + 1);
  }

  /// Cells known to be water under the touching rule (see `detail::Deductions`).
  [[nodiscard]] const auto& known_water() const noexcept { return deductions_.water(); }

protected:
  /// Cell index type.
  using Index = std::uint16_t;
  /// A set of cells.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// Whether `cell` is open and not known to be water.
  bool usable(const TargetView<S>& view, std::size_t cell) const noexcept {
    return view.is_open_cell(cell) && !deductions_.water().test(cell);
  }

  /// A uniformly random usable cell, drawn from a shrinking pool: O(1) expected per shot.
  int random_open(const TargetView<S>& view, Rng& rng) {
    const int cell = pool_.draw(rng, [&](std::size_t i) { return usable(view, i); });
    return cell < 0 ? any_open(view) : cell;
  }

  /// The first open cell, whether or not it is known water, or -1: a safety net that a finished
  /// game never reaches.
  static int any_open(const TargetView<S>& view) noexcept {
    const bitboard_type open = view.open();
    return open.any() ? static_cast<int>(open.first()) : -1;
  }

  /// What the rules let the shooter deduce.
  detail::Deductions<S> deductions_;

private:
  void push(const TargetView<S>& view, int cell) noexcept {
    if (usable(view, static_cast<std::size_t>(cell)) && targets_ < static_cast<int>(stack_.size()))
      stack_[static_cast<std::size_t>(targets_++)] = static_cast<Index>(cell);
  }

  detail::CellPool<S> pool_;
  std::array<Index, S::capacity * 4> stack_{};
  int targets_ = 0;
};
} // namespace detail

/// Hunt/target (seed 001): hunts uniformly at random; after each hit pushes the hit's open edge
/// neighbours on a stack and fires at them (last pushed, first fired) until none is left, then
/// hunts again.
///
/// Rule-aware: it never fires at a cell that is shot, pending, or known to be water. Under the
/// no-touch rules that includes the cells beside a ship whose line two hits have shown and the ring
/// around a sunk ship (see `detail::Deductions`); when ships may touch, nothing is ruled out and
/// the shooter is exactly seed 001's. Each shot costs O(1) expected time.
template <BoardShape S>
class HuntTargetShooter : public detail::HuntTargetBase<S, HuntTargetShooter<S>> {
public:
  /// Registry name.
  static constexpr const char* name = "hunt_target";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "random hunting, then the open neighbours of each hit (seed 001)";
  /// Nothing to prepare.
  void begin(const TargetView<S>&) noexcept {}
  /// Hunting: any usable cell, uniformly (a cell index, or -1 when none is open).
  int hunt_cell(const TargetView<S>& view, Rng& rng) { return this->random_open(view, rng); }
};

/// Hunt/target with parity, DataGenetics' refinement of the seeds' checkerboard: hunts only cells
/// with `(row + col) % k == offset % k`, where `k` is the shortest ship that may still be afloat
/// (every such ship covers one of them, so no ship can hide from the lattice) and `offset` is
/// drawn once per game; once the lattice has no usable cell left it hunts any usable cell. Targets
/// like hunt/target.
///
/// With a fixed checkerboard (`k = 2` throughout) this would be PyShips' parity shooter (seed
/// 001), which the engine does not register: widening the lattice as short ships sink makes this
/// one about 1 shot better on average (60.4 against 61.4 for PyShips' own, written out in Python
/// in the PyShips notebook, under `rulesets::pyships`), though it takes 80 shots or more in about
/// 1 game in 400, which PyShips says its shooter never did. `CheckerboardSearchShooter` hunts the
/// fixed checkerboard as seeds 003 and 004 do. Each hunting shot costs a few bitboard operations.
template <BoardShape S>
class ParityShooter : public detail::HuntTargetBase<S, ParityShooter<S>> {
public:
  /// Registry name.
  static constexpr const char* name = "parity";
  /// One-line description for the registry.
  static constexpr const char* summary =
      "hunt/target hunting on a lattice spaced by the shortest ship afloat (DataGenetics)";

  /// Forgets the lattice offset (drawn at the first hunting shot); builds the lattices of this
  /// board once per shooter.
  void begin(const TargetView<S>& view) {
    offset_ = -1;
    wide_k_ = 0;
    if (!lattices_ || !(lattices_->board == view.board()))
      lattices_ = std::make_shared<const Lattices>(view.board());
  }

  /// Hunting: a uniformly random usable cell of the lattice, or any usable cell once it is used up
  /// (a cell index, or -1 when none is open).
  int hunt_cell(const TargetView<S>& view, Rng& rng) {
    const int k = this->deductions_.shortest_afloat() > 1 ? this->deductions_.shortest_afloat() : 1;
    const bitboard_type usable = view.open() - this->deductions_.water();
    bitboard_type candidates = usable & lattice(view.board(), k, rng);
    if (candidates.none()) candidates = usable;
    if (candidates.none()) return this->any_open(view);
    return static_cast<int>(candidates.nth(rng.below(candidates.count())));
  }

  /// This game's lattice offset, or -1 before the first hunting shot: spacing `k` (up to 10)
  /// hunts the cells with `(row + col) % k == lattice_offset() % k`.
  [[nodiscard]] int lattice_offset() const noexcept { return offset_; }

private:
  using bitboard_type = typename Board<S>::bitboard_type;

  /// For each spacing k up to `max_spacing` and residue r < k, the cells with (row + col) % k == r.
  struct Lattices {
    static constexpr int max_spacing = 10;
    explicit Lattices(const Board<S>& b) : board(b) {
      b.all().for_each([&](std::size_t i) {
        const Coord c = b.coord(i);
        for (int k = 1; k <= max_spacing; ++k)
          masks[static_cast<std::size_t>(k * (k - 1) / 2 + (c.row + c.col) % k)].set(i);
      });
    }
    const bitboard_type& of(int k, int r) const noexcept {
      return masks[static_cast<std::size_t>(k * (k - 1) / 2 + r)];
    }
    Board<S> board;
    std::array<bitboard_type, max_spacing*(max_spacing + 1) / 2> masks{};
  };

  /// The hunting lattice for spacing `k`, drawing this game's offset on first use.
  const bitboard_type& lattice(const Board<S>& board, int k, Rng& rng) {
    // 2520 is divisible by every spacing from 1 to 10, so offset % k is exactly uniform for each.
    if (offset_ < 0) offset_ = rng.below(2520);
    if (k <= Lattices::max_spacing) return lattices_->of(k, offset_ % k);
    if (k != wide_k_) { // a ship longer than 10: its own residue, drawn when first needed
      wide_k_ = k;
      const int r = rng.below(k);
      wide_.clear();
      board.all().for_each([&](std::size_t i) {
        const Coord c = board.coord(i);
        if ((c.row + c.col) % k == r) wide_.set(i);
      });
    }
    return wide_;
  }

  std::shared_ptr<const Lattices> lattices_;
  int offset_ = -1;
  int wide_k_ = 0;
  bitboard_type wide_;
};

} // namespace battleship
