// Internals of the density and posterior shooters: every placement of every ship length of a
// fleet with its cells and its halo (the cells no other ship may cover under the touching rule),
// indexed by length and by cell, built once per (board, fleet, touching rule) and shared by copies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/fleet.hpp>
#include <battleship/rules.hpp>

namespace battleship::detail {

// The placements of a fleet's ship lengths on a board, with the masks the shooters test.
//
// Lengths are numbered by "length index" k in [0, length_count()), in the order the fleet first
// uses them. For each k: every on-board placement (a length-1 ship has one per cell), and for
// every cell the placements covering it. Two placements a, b may coexist iff a.cells and b.halo
// are disjoint (the relation is symmetric): the halo is the cells themselves when ships may
// touch, the cells grown by one step (edges, or edges and corners) under the no-touch rules.
template <BoardShape S>
class FleetGeometry {
public:
  using bitboard_type = typename Board<S>::bitboard_type;
  using Index = std::uint16_t;
  static_assert(S::capacity <= max_strategy_cells,
                "the engine's shooters take board shapes of at most max_strategy_cells (65,536) "
                "cells: they hold cell indices in 16 bits");

  struct Option {
    bitboard_type cells;
    bitboard_type halo; // cells no other ship may cover if this one lies here
    Placement placement;
  };

  FleetGeometry(const Board<S>& board, const Fleet& fleet, Touching touching)
      : board_(board), fleet_(fleet), touching_(touching) {
    const int ships = fleet.ship_count();
    for (int s = 0; s < ships; ++s) {
      const int len = fleet.ship(s).length;
      int k = 0;
      while (k < length_count() && lengths_[static_cast<std::size_t>(k)] != len) ++k;
      if (k == length_count()) {
        lengths_.push_back(len);
        copies_.push_back(0);
      }
      ship_length_index_.push_back(k);
      ++copies_[static_cast<std::size_t>(k)];
    }
    const auto cells = static_cast<std::size_t>(board.cells());
    begin_.push_back(0);
    through_begin_.push_back(0);
    for (int k = 0; k < length_count(); ++k) {
      const int len = lengths_[static_cast<std::size_t>(k)];
      const std::size_t first = options_.size();
      cell_begin_.push_back(cell_list_.size());
      for (Orientation o : {Orientation::horizontal, Orientation::vertical}) {
        if (len == 1 && o == Orientation::vertical) break;
        for (int r = 0; r < board.rows(); ++r)
          for (int c = 0; c < board.cols(); ++c) {
            const Placement p{Coord{r, c}, o, len};
            if (!board.contains(p)) continue;
            const bitboard_type m = board.mask(p);
            bitboard_type halo = m;
            if (touching == Touching::no_edge_contact) halo = board.dilate4(m);
            if (touching == Touching::no_contact) halo = board.dilate8(m);
            options_.push_back(Option{m, halo, p});
            for (int i = 0; i < len; ++i)
              cell_list_.push_back(static_cast<Index>(board.index(p.cell(i))));
          }
      }
      begin_.push_back(options_.size());
      // Placements through each cell, in option order.
      for (std::size_t cell = 0; cell < cells; ++cell) {
        for (std::size_t i = first; i < options_.size(); ++i)
          if (options_[i].cells.test(cell)) through_.push_back(static_cast<Index>(i - first));
        through_begin_.push_back(through_.size());
        coverage_.push_back(static_cast<std::int16_t>(through_begin_.back() -
                                                      through_begin_[through_begin_.size() - 2]));
      }
    }
  }

  // For each length index k and cell, how many placements of that length cover the cell on the
  // empty board: coverage()[k * cells + cell].
  [[nodiscard]] const std::vector<std::int16_t>& coverage() const noexcept { return coverage_; }

  [[nodiscard]] bool about(const Board<S>& board, const Fleet& fleet, Touching touching) const {
    return board_ == board && fleet_ == fleet && touching_ == touching;
  }

  [[nodiscard]] const Board<S>& board() const noexcept { return board_; }
  [[nodiscard]] const Fleet& fleet() const noexcept { return fleet_; }
  [[nodiscard]] Touching touching() const noexcept { return touching_; }
  [[nodiscard]] int ship_count() const noexcept {
    return static_cast<int>(ship_length_index_.size());
  }

  // Number of distinct ship lengths.
  [[nodiscard]] int length_count() const noexcept { return static_cast<int>(lengths_.size()); }
  // The k-th distinct length.
  [[nodiscard]] int length(int k) const noexcept { return lengths_[static_cast<std::size_t>(k)]; }
  // How many ships of the fleet have the k-th length.
  [[nodiscard]] int copies(int k) const noexcept { return copies_[static_cast<std::size_t>(k)]; }
  // Length index of ship `ship`.
  [[nodiscard]] int length_index(int ship) const noexcept {
    return ship_length_index_[static_cast<std::size_t>(ship)];
  }
  // Every placement of the k-th length.
  [[nodiscard]] std::span<const Option> options(int k) const noexcept {
    const auto b = begin_[static_cast<std::size_t>(k)];
    const auto e = begin_[static_cast<std::size_t>(k) + 1];
    return {options_.data() + b, e - b};
  }
  // Number of placements over every length.
  [[nodiscard]] std::size_t option_count() const noexcept { return options_.size(); }
  // Position of options(k)[0] among the placements of every length (for per-placement arrays).
  [[nodiscard]] std::size_t first_option(int k) const noexcept {
    return begin_[static_cast<std::size_t>(k)];
  }
  // The cell indices of option i of the k-th length, in order from its origin.
  [[nodiscard]] std::span<const Index> cells_of(int k, std::size_t i) const noexcept {
    const auto len = static_cast<std::size_t>(length(k));
    return {cell_list_.data() + cell_begin_[static_cast<std::size_t>(k)] + i * len, len};
  }
  // Indices (into options(k)) of the placements of the k-th length covering `cell`.
  [[nodiscard]] std::span<const Index> through(int k, std::size_t cell) const noexcept {
    const std::size_t slot =
        static_cast<std::size_t>(k) * static_cast<std::size_t>(board_.cells()) + cell;
    const auto b = through_begin_[slot];
    const auto e = through_begin_[slot + 1];
    return {through_.data() + b, e - b};
  }

  // The geometry for (board, fleet, touching), reusing `cached` when it already describes them,
  // else the last one built in the process when it does: a shooter made for one run (every
  // Python `match`, `tournament` or `simulate` call) would otherwise build it on its first game
  // (900,000 instructions for the classic fleet, 15 times a match between density shooters).
  static const FleetGeometry& ensure(std::shared_ptr<const FleetGeometry>& cached,
                                     const Board<S>& board, const Fleet& fleet, Touching touching) {
    if (cached && cached->about(board, fleet, touching)) return *cached;
    static std::mutex mutex;
    static std::shared_ptr<const FleetGeometry> last; // never changed once built
    const std::scoped_lock lock(mutex);
    if (!last || !last->about(board, fleet, touching))
      last = std::make_shared<const FleetGeometry>(board, fleet, touching);
    cached = last;
    return *cached;
  }

private:
  Board<S> board_;
  Fleet fleet_;
  Touching touching_;
  std::vector<int> lengths_;
  std::vector<int> copies_;
  std::vector<int> ship_length_index_;
  std::vector<Option> options_;
  std::vector<std::size_t> begin_;
  std::vector<Index> through_;
  std::vector<std::size_t> through_begin_;
  std::vector<std::int16_t> coverage_;
  std::vector<Index> cell_list_;
  std::vector<std::size_t> cell_begin_;
};

} // namespace battleship::detail
