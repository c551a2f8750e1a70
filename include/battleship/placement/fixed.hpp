/// @file placement/fixed.hpp
/// @brief The fixed placer: a given layout, placed as is or refused with the reason.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>

namespace battleship {

/// Where one ship of the fleet lies: the ship's id and its placement.
struct ShipPlacement {
  int ship = 0;        ///< Ship id in the fleet (`Fleet::ship`).
  Placement placement; ///< Origin, orientation and length (the ship's own length).

  /// Entries are equal when both fields are.
  friend constexpr bool operator==(const ShipPlacement&, const ShipPlacement&) = default;
};

/// Places a given layout: every ship where the list says, or nothing at all.
///
/// The layout comes from a file, a user or a test (reading layouts from text is the `io/` layer's
/// job). `place` puts the entries on the ocean in list order through `Ocean::place`, so every rule
/// is checked: the ship exists, the length is its own, it lies on the board, covers no blocked
/// cell, overlaps nothing and obeys the touching rule. The first refused entry, a ship listed
/// twice, or a ship of the fleet missing from the list makes `place` return false with no ship
/// placed; `last_refusal()` then says which entry and why. The generator is not used.
template <BoardShape S>
class FixedPlacer {
public:
  /// Registry name (not a built-in: it needs a layout).
  static constexpr const char* name = "fixed";
  /// One-line description for the registry.
  static constexpr const char* summary = "a given layout, placed as is or refused with the reason";

  /// A placer with an empty layout (it refuses every fleet until given one).
  FixedPlacer() = default;
  /// A placer for `layout`.
  explicit FixedPlacer(std::vector<ShipPlacement> layout) : layout_(std::move(layout)) {}

  /// Places the layout on the empty `ocean`; false (no ship placed) if any entry is refused or a
  /// ship is missing.
  bool place(Ocean<S>& ocean, Rng&) {
    using detail::concat;
    reason_ = PlacementRefusal::none;
    refusal_.clear();
    int done = 0;
    for (const ShipPlacement& entry : layout_) {
      const PlacementRefusal why = ocean.place(entry.ship, entry.placement);
      if (why != PlacementRefusal::none) {
        reason_ = why;
        refusal_ = concat(describe(ocean, entry.ship), " at ", describe(entry.placement), ": ",
                          why == PlacementRefusal::already_placed
                              ? std::string_view("the layout lists that ship twice")
                              : to_string(why));
        undo(ocean, done);
        return false;
      }
      ++done;
    }
    for (int s = 0; s < ocean.ship_count(); ++s) {
      if (ocean.is_placed(s)) continue;
      reason_ = PlacementRefusal::not_placed;
      refusal_ = concat(describe(ocean, s), " has no placement in the layout");
      undo(ocean, done);
      return false;
    }
    return true;
  }

  /// The layout this placer places.
  [[nodiscard]] const std::vector<ShipPlacement>& layout() const noexcept { return layout_; }
  /// Replaces the layout.
  void set_layout(std::vector<ShipPlacement> layout) { layout_ = std::move(layout); }

  /// Why the last `place` failed, e.g. "Cruiser (ship 2) at row 3, column 4, across, length 3:
  /// the ship would overlap another ship"; empty after a success. Rows and columns count from 0.
  [[nodiscard]] const std::string& last_refusal() const noexcept { return refusal_; }
  /// The refusal behind `last_refusal()`: `not_placed` for a missing ship, `already_placed` for a
  /// ship listed twice, `none` after a success.
  [[nodiscard]] PlacementRefusal last_reason() const noexcept { return reason_; }

private:
  static std::string describe(const Ocean<S>& ocean, int ship) {
    if (ship < 0 || ship >= ocean.ship_count()) return detail::concat("ship ", ship);
    return detail::concat(ocean.fleet().ship(ship).name, " (ship ", ship, ")");
  }
  static std::string describe(const Placement& p) {
    return detail::concat(
        "row ", p.origin.row, ", column ", p.origin.col, ", ",
        std::string_view(p.orientation == Orientation::horizontal ? "across" : "down"), ", length ",
        p.length);
  }
  /// Removes the first `done` entries' ships (placed by this call).
  void undo(Ocean<S>& ocean, int done) const noexcept {
    for (int i = 0; i < done; ++i) ocean.unplace(layout_[static_cast<std::size_t>(i)].ship);
  }

  std::vector<ShipPlacement> layout_;
  std::string refusal_;
  PlacementRefusal reason_ = PlacementRefusal::none;
};

} // namespace battleship
