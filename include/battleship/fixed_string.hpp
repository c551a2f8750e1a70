/// @file fixed_string.hpp
/// @brief A short string stored inline, so that fleets can be constexpr values and template
/// arguments.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace battleship {

/// A string of at most `Capacity` characters stored inline.
///
/// A structural type: usable in constant expressions and as part of a non-type template argument
/// (how a `Fleet` becomes a template parameter). Members are public only because C++20 requires
/// it of structural types; use the member functions.
template <std::size_t Capacity>
struct FixedString {
  char chars[Capacity + 1]{}; ///< The characters, zero-terminated (public for structural typing).
  std::size_t length = 0;     ///< Number of characters in use (public for structural typing).

  /// The empty string.
  constexpr FixedString() noexcept = default;
  /// A copy of `s`; throws `std::length_error` if `s` is longer than `Capacity`.
  constexpr FixedString(std::string_view s) : length(s.size()) { // NOLINT: implicit on purpose
    if (s.size() > Capacity) too_long(s);
    std::copy(s.begin(), s.end(), chars);
  }
  /// Throws the `std::length_error` naming `s` and the capacity (out of line: not constexpr).
  [[noreturn]] static void too_long(std::string_view s) {
    throw std::length_error(std::string("'").append(s) + "' is longer than " +
                            std::to_string(Capacity) + " bytes");
  }
  /// A copy of the zero-terminated `s`.
  constexpr FixedString(const char* s) : FixedString(std::string_view(s)) {} // NOLINT
  /// A copy of `s` (a name read from a file or a command line: `ShipClass{name, 'C', 5, 1}`).
  constexpr FixedString(const std::string& s) : FixedString(std::string_view(s)) {} // NOLINT

  /// The characters as a view.
  [[nodiscard]] constexpr std::string_view view() const noexcept { return {chars, length}; }
  /// The characters as a `std::string`.
  [[nodiscard]] std::string str() const { return std::string(view()); }
  /// Number of characters.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return length; }
  /// Whether the string is empty.
  [[nodiscard]] constexpr bool empty() const noexcept { return length == 0; }

  /// Strings are equal when their characters are.
  friend constexpr bool operator==(const FixedString& a, const FixedString& b) noexcept {
    return a.view() == b.view();
  }
};

} // namespace battleship
