/// @file fleet.hpp
/// @brief Ship classes and fleets, with validation and the well-known fleets predefined.
#pragma once

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/detail/text.hpp>
#include <battleship/fixed_string.hpp>
#include <battleship/shape.hpp>

namespace battleship {

/// Most ship classes a fleet may have.
inline constexpr int max_ship_classes = 16;
/// Most ships (counting every copy of every class) a fleet may have; sunk sets fit a 32-bit mask.
inline constexpr int max_ships = 32;
/// Longest ship: oceans keep a ship's length and health in a byte.
inline constexpr int max_ship_length = 255;
/// Characters the displays use for water, misses and damage; no ship may use them as its symbol.
inline constexpr std::string_view reserved_symbols = "Xo.";

/// A kind of ship: what it is called, how it is drawn, how long it is and how many a fleet has.
struct ShipClass {
  FixedString<31> name; ///< Name used in messages, e.g. "Battleship" ("You sank my Battleship!").
  char symbol = '?';    ///< One printable character drawing the ship on its owner's board.
  int length = 1;       ///< Number of cells one ship of this class covers.
  int count = 1;        ///< How many ships of this class the fleet has.

  /// What keeps this class out of every fleet, or nothing: it needs a name without control
  /// characters (a record's or a drawing's text could not hold them), a length from 1 to
  /// `max_ship_length`, a count of at least 1 and a printable, non-blank symbol that is not in
  /// `reserved_symbols`. (Whether its symbol is free is the fleet's question.)
  [[nodiscard]] std::optional<std::string> problem() const {
    using detail::concat;
    if (name.empty()) return std::string("a ship class has no name");
    // A control character in a name would not come back from a record's or a drawing's text, and
    // a NUL would cut every message naming the class short: said without the name.
    for (const char c : name.view())
      if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f')
        return concat("a ship class's name has a control character (", static_cast<int>(c), ")");
    const std::string who = concat('\'', name.view(), '\'');
    if (length < 1) return concat(who, " has length ", length, "; it must be at least 1");
    if (length > max_ship_length)
      return concat(who, " has length ", length, "; at most ", max_ship_length, " is supported");
    if (count < 1) return concat(who, " has count ", count, "; it must be at least 1");
    if (symbol < '!' || symbol > '~') return concat(who, " needs a printable, non-blank symbol");
    if (reserved_symbols.find(symbol) != std::string_view::npos)
      return concat(who, " uses the symbol '", symbol,
                    "', which boards use for water, misses or damage");
    return std::nullopt;
  }

  /// Classes are equal when every field is.
  friend constexpr bool operator==(const ShipClass&, const ShipClass&) = default;
};

/// One ship of a fleet: its class and which copy of the class it is.
struct ShipInfo {
  int id = 0;            ///< Index of the ship in the fleet, in `[0, ship_count())`.
  int class_index = 0;   ///< Index of its class in the fleet.
  int copy = 0;          ///< Which copy of its class, counted from 0.
  int length = 1;        ///< Its length.
  char symbol = '?';     ///< Its class's symbol.
  std::string_view name; ///< Its class's name.
};

/// A fleet: a list of ship classes, each with a count.
///
/// A constexpr value type and a structural type, so a fleet can be a template argument
/// (`template <Fleet F>`). Ships are numbered class by class in declaration order: the classic
/// fleet's ship 0 is the Carrier. Members are public only because structural types require it;
/// build fleets with the constructor and read them through the member functions.
struct Fleet {
  std::array<ShipClass, max_ship_classes> classes_{}; ///< Storage (public for structural typing).
  int class_count_ = 0; ///< Classes in use (public for structural typing).

  /// The empty fleet (useful only as a starting point; a game refuses it).
  // User-provided on purpose: GCC 12 left a defaulted one undefined in some -O1 builds.
  constexpr Fleet() noexcept {} // NOLINT(modernize-use-equals-default)

  /// A fleet of the given classes; throws `std::invalid_argument` past `max_ship_classes` classes.
  constexpr Fleet(std::initializer_list<ShipClass> classes) {
    if (classes.size() > static_cast<std::size_t>(max_ship_classes))
      throw std::invalid_argument("a fleet has at most 16 ship classes");
    for (const auto& c : classes) classes_[static_cast<std::size_t>(class_count_++)] = c;
  }

  /// Adds a class at the end; throws `std::invalid_argument` when the class table is full.
  constexpr Fleet& add(const ShipClass& c) {
    if (class_count_ == max_ship_classes)
      throw std::invalid_argument("a fleet has at most 16 ship classes");
    classes_[static_cast<std::size_t>(class_count_++)] = c;
    return *this;
  }

  /// Number of ship classes.
  [[nodiscard]] constexpr int class_count() const noexcept { return class_count_; }
  /// Ship class number `i`.
  [[nodiscard]] constexpr const ShipClass& ship_class(int i) const noexcept {
    return classes_[static_cast<std::size_t>(i)];
  }

  /// Number of ships, counting every copy of every class (at most `INT_MAX`: counts an invalid
  /// fleet might have that add up to more do not wrap around into a valid-looking total).
  [[nodiscard]] constexpr int ship_count() const noexcept {
    long long n = 0;
    for (int i = 0; i < class_count_; ++i) n += ship_class(i).count;
    return n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : static_cast<int>(n);
  }
  /// Number of cells all ships cover together (saturated to `int` as `ship_count` is: an
  /// invalid fleet's product of huge counts and lengths does not overflow).
  [[nodiscard]] constexpr int total_length() const noexcept {
    long long n = 0;
    for (int i = 0; i < class_count_; ++i) {
      n += static_cast<long long>(ship_class(i).count) * ship_class(i).length;
      if (n > INT_MAX || n < INT_MIN) return n > 0 ? INT_MAX : INT_MIN;
    }
    return static_cast<int>(n);
  }
  /// Length of the longest ship (0 for an empty fleet).
  [[nodiscard]] constexpr int longest() const noexcept {
    int n = 0;
    for (int i = 0; i < class_count_; ++i) n = ship_class(i).length > n ? ship_class(i).length : n;
    return n;
  }
  /// Length of the shortest ship (0 for an empty fleet).
  [[nodiscard]] constexpr int shortest() const noexcept {
    int n = 0;
    for (int i = 0; i < class_count_; ++i)
      if (n == 0 || ship_class(i).length < n) n = ship_class(i).length;
    return n;
  }

  /// Ship number `id` (in `[0, ship_count())`): its class, copy number, length and name.
  [[nodiscard]] constexpr ShipInfo ship(int id) const noexcept {
    int first = 0;
    for (int c = 0; c < class_count_; ++c) {
      const ShipClass& k = ship_class(c);
      if (id < first + k.count)
        return ShipInfo{id, c, id - first, k.length, k.symbol, k.name.view()};
      first += k.count;
    }
    return ShipInfo{};
  }

  /// The class whose symbol is `symbol`, or -1.
  [[nodiscard]] constexpr int class_of_symbol(char symbol) const noexcept {
    for (int i = 0; i < class_count_; ++i)
      if (ship_class(i).symbol == symbol) return i;
    return -1;
  }

  /// What is wrong with this fleet on its own, or nothing when it is valid.
  ///
  /// Checks: at least one ship, at most `max_ships`; every class named, with a length from 1 to
  /// `max_ship_length` and a count of at least 1; symbols printable, unique and not in
  /// `reserved_symbols` (the CS32 `addShip` rules).
  [[nodiscard]] std::optional<std::string> problem() const {
    using detail::concat;
    if (class_count_ == 0) return "the fleet has no ships";
    if (ship_count() > max_ships)
      return concat("the fleet has ", ship_count(), " ships; at most ", max_ships,
                    " are supported");
    for (int i = 0; i < class_count_; ++i) {
      const ShipClass& c = ship_class(i);
      if (c.name.empty()) return concat("ship class ", i, " has no name"); // which one, here
      if (auto p = c.problem()) return p;
      for (int j = 0; j < i; ++j)
        if (ship_class(j).symbol == c.symbol)
          return concat('\'', c.name.view(), "' uses the symbol '", c.symbol, "' already used by '",
                        ship_class(j).name.view(), '\'');
    }
    return std::nullopt;
  }

  /// What is wrong with this fleet on a board of shape `shape` (a ship longer than both sides,
  /// or ships covering more cells than the board has), or nothing. Whether all ships fit together
  /// is a question for the placement search.
  template <BoardShape S>
  [[nodiscard]] std::optional<std::string> problem(const S& shape) const {
    using detail::concat;
    if (auto p = problem()) return p;
    const int side = shape.rows() > shape.cols() ? shape.rows() : shape.cols();
    for (int i = 0; i < class_count_; ++i)
      if (ship_class(i).length > side)
        return concat('\'', ship_class(i).name.view(), "' (length ", ship_class(i).length,
                      ") does not fit on a ", shape.rows(), " x ", shape.cols(), " board");
    if (total_length() > shape.cells())
      return concat("the fleet covers ", total_length(), " cells but the board has only ",
                    shape.cells());
    return std::nullopt;
  }

  /// Throws `std::invalid_argument` with `problem(shape)` if there is one.
  template <BoardShape S>
  void validate(const S& shape) const {
    if (auto p = problem(shape)) throw std::invalid_argument(*p);
  }

  /// Fleets are equal when their classes are, in order.
  friend constexpr bool operator==(const Fleet& a, const Fleet& b) noexcept {
    if (a.class_count_ != b.class_count_) return false;
    for (int i = 0; i < a.class_count_; ++i)
      if (!(a.ship_class(i) == b.ship_class(i))) return false;
    return true;
  }
};

/// The predefined fleets.
namespace fleets {
/// Milton Bradley 1990: Carrier 5, Battleship 4, Cruiser 3, Submarine 3, Destroyer 2 (seed 004).
inline constexpr Fleet classic{{"Carrier", 'C', 5, 1},
                               {"Battleship", 'B', 4, 1},
                               {"Cruiser", 'R', 3, 1},
                               {"Submarine", 'S', 3, 1},
                               {"Destroyer", 'D', 2, 1}};
/// Hasbro 2002: Carrier 5, Battleship 4, Destroyer 3, Submarine 3, Patrol Boat 2 (seed 003).
inline constexpr Fleet hasbro{{"Carrier", 'C', 5, 1},
                              {"Battleship", 'B', 4, 1},
                              {"Destroyer", 'D', 3, 1},
                              {"Submarine", 'S', 3, 1},
                              {"Patrol Boat", 'P', 2, 1}};
/// CS32 Project 3's standard fleet, named and drawn as its sample program does (seed 002).
inline constexpr Fleet cs32{{"aircraft carrier", 'A', 5, 1},
                            {"battleship", 'B', 4, 1},
                            {"destroyer", 'D', 3, 1},
                            {"submarine", 'S', 3, 1},
                            {"patrol boat", 'P', 2, 1}};
/// BBM103 "Battle of Ships": Carrier 5, 2 x Battleship 4, Destroyer 3, Submarine 3,
/// 4 x Patrol Boat 2 (seed 000).
inline constexpr Fleet bbm103{{"Carrier", 'C', 5, 1},
                              {"Battleship", 'B', 4, 2},
                              {"Destroyer", 'D', 3, 1},
                              {"Submarine", 'S', 3, 1},
                              {"Patrol Boat", 'P', 2, 4}};
/// The Russian (Soviet) fleet: 1 x 4, 2 x 3, 3 x 2, 4 x 1, played with no contact at all.
inline constexpr Fleet russian{{"Battleship", 'B', 4, 1},
                               {"Cruiser", 'C', 3, 2},
                               {"Destroyer", 'D', 2, 3},
                               {"Torpedo Boat", 'T', 1, 4}};

/// A fleet and the name it is known by.
struct NamedFleet {
  std::string_view name; ///< `classic`, `russian`, ...
  Fleet fleet;           ///< The fleet.
};
/// Every predefined fleet, by name in alphabetical order (what command lines and the Python
/// `Fleet.named` accept).
inline constexpr NamedFleet all[] = {{"bbm103", bbm103},
                                     {"classic", classic},
                                     {"cs32", cs32},
                                     {"hasbro", hasbro},
                                     {"russian", russian}};
/// The predefined fleet called `name`, or nothing.
[[nodiscard]] constexpr std::optional<Fleet> named(std::string_view name) noexcept {
  for (const NamedFleet& f : all)
    if (f.name == name) return f.fleet;
  return std::nullopt;
}
} // namespace fleets

} // namespace battleship
