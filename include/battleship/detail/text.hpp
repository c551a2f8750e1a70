// Message building for error texts.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace battleship::detail {

/// Appends one piece: text, a character, an integer in decimal, or a floating-point number.
inline void append_piece(std::string& out, std::string_view s) {
  out.append(s);
}
inline void append_piece(std::string& out, char c) {
  out.push_back(c);
}
template <std::integral I>
requires(!std::same_as<I, char> && !std::same_as<I, bool>) void append_piece(std::string& out,
                                                                             I value) {
  out.append(std::to_string(value));
}

/// A floating-point number with six significant digits, as printf's `%g` writes it.
template <std::floating_point F>
void append_piece(std::string& out, F value) {
  char text[32];
  const int n = std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  out.append(text, static_cast<std::size_t>(n > 0 ? n : 0));
}

/// Joins the pieces into one string. Appending into one buffer (rather than chaining `+` on
/// temporaries) also avoids a GCC 12 false -Wrestrict warning at -O2 (GCC bug 105329).
template <class... Pieces>
std::string concat(const Pieces&... pieces) {
  std::string out;
  (append_piece(out, pieces), ...);
  return out;
}

} // namespace battleship::detail
