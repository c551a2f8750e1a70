// UTF-8 decoding and Python's Unicode character classes (str.isalpha, str.isnumeric and the
// decimal digits int() reads), for reproducing what a Python program makes of a text file.
// The classes come from the generated detail/unicode_tables.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include <battleship/detail/unicode_tables.hpp>

namespace battleship::detail {

/// Where and why a text stops being UTF-8.
struct Utf8Error {
  std::size_t offset = 0;  ///< The first byte that Python's strict decoder rejects.
  const char* reason = ""; ///< Python's words: "invalid start byte", ...
};

/// The first place where `s` is not UTF-8 as Python's strict decoder reads it (no surrogates, no
/// overlong forms, nothing past U+10FFFF), or nothing when all of `s` is UTF-8.
inline std::optional<Utf8Error> utf8_error(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t extra = 0;
    unsigned lo = 0x80, hi = 0xBF; // the range of the second byte
    if (b >= 0xC2 && b <= 0xDF)
      extra = 1;
    else if (b == 0xE0)
      extra = 2, lo = 0xA0;
    else if (b == 0xED)
      extra = 2, hi = 0x9F;
    else if (b >= 0xE1 && b <= 0xEF)
      extra = 2;
    else if (b == 0xF0)
      extra = 3, lo = 0x90;
    else if (b == 0xF4)
      extra = 3, hi = 0x8F;
    else if (b >= 0xF1 && b <= 0xF3)
      extra = 3;
    else
      return Utf8Error{i, "invalid start byte"};
    for (std::size_t k = 1; k <= extra; ++k) {
      if (i + k >= s.size()) return Utf8Error{i, "unexpected end of data"};
      const auto c = static_cast<unsigned char>(s[i + k]);
      if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF))
        return Utf8Error{i, "invalid continuation byte"};
    }
    i += extra + 1;
  }
  return std::nullopt;
}

/// The code points of `s`, or nothing if `s` is not UTF-8 (see `utf8_error`).
inline std::optional<std::u32string> decode_utf8(std::string_view s) {
  if (utf8_error(s)) return std::nullopt;
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
    char32_t cp = extra == 0   ? b
                  : extra == 1 ? (b & 0x1Fu)
                  : extra == 2 ? (b & 0x0Fu)
                               : (b & 0x07u);
    for (std::size_t k = 1; k <= extra; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    out.push_back(cp);
    i += extra + 1;
  }
  return out;
}

/// The UTF-8 bytes of code point `cp`.
inline std::string encode_utf8(char32_t cp) {
  std::string out;
  const auto byte = [&](char32_t v) { out.push_back(static_cast<char>(v)); };
  if (cp < 0x80) {
    byte(cp);
  } else if (cp < 0x800) {
    byte(0xC0 | (cp >> 6));
    byte(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    byte(0xE0 | (cp >> 12));
    byte(0x80 | ((cp >> 6) & 0x3F));
    byte(0x80 | (cp & 0x3F));
  } else {
    byte(0xF0 | (cp >> 18));
    byte(0x80 | ((cp >> 12) & 0x3F));
    byte(0x80 | ((cp >> 6) & 0x3F));
    byte(0x80 | (cp & 0x3F));
  }
  return out;
}

template <std::size_t N>
constexpr bool in_ranges(const std::array<unicode_tables::CodeRange, N>& ranges, char32_t cp) {
  const auto it =
      std::upper_bound(ranges.begin(), ranges.end(), cp,
                       [](char32_t c, const unicode_tables::CodeRange& r) { return c < r.first; });
  return it != ranges.begin() && cp <= std::prev(it)->last;
}

/// Python's `chr(cp).isalpha()`.
constexpr bool py_isalpha(char32_t cp) {
  return in_ranges(unicode_tables::alpha, cp);
}

/// Python's `chr(cp).isnumeric()`.
constexpr bool py_isnumeric(char32_t cp) {
  return in_ranges(unicode_tables::numeric, cp);
}

/// The digit `int()` reads for `cp` (`int("٣")` is 3), or -1 if `int()` refuses it (`²`, `五`).
constexpr int py_decimal(char32_t cp) {
  const auto& zeros = unicode_tables::decimal_zeros;
  const auto it = std::upper_bound(zeros.begin(), zeros.end(), cp);
  if (it == zeros.begin()) return -1;
  const char32_t zero = *std::prev(it);
  return cp - zero < 10 ? static_cast<int>(cp - zero) : -1;
}

/// Python's `int_max_str_digits` default: `int()` refuses a string of more digits.
inline constexpr std::size_t py_int_max_str_digits = 4300;

/// The blanks `int()` strips around a number: `str.isspace()` beyond ASCII, but of ASCII only
/// ` \t\n\v\f\r` (not `\x1c`-`\x1f`, which `str.isspace()` counts).
constexpr bool py_int_space(char32_t cp) {
  if (cp < 0x80) return cp == ' ' || (cp >= '\t' && cp <= '\r');
  return in_ranges(unicode_tables::space, cp);
}

/// Python's `int(text)` in base 10 for UTF-8 `text`: blanks around, an optional sign, decimal
/// digits of any script with single `_` between them, at most 4300 digits. The value saturates
/// at +-`limit` (at most `LLONG_MAX / 10`); nothing when `int()` raises `ValueError`.
inline std::optional<long long> python_int(std::string_view text, long long limit) {
  const auto cps = decode_utf8(text);
  if (!cps) return std::nullopt;
  std::size_t b = 0, e = cps->size();
  while (b < e && py_int_space((*cps)[b])) ++b;
  while (e > b && py_int_space((*cps)[e - 1])) --e;
  bool negative = false;
  if (b < e && ((*cps)[b] == U'+' || (*cps)[b] == U'-')) negative = (*cps)[b++] == U'-';
  long long n = 0;
  std::size_t digits = 0;
  bool after_digit = false;
  for (std::size_t i = b; i < e; ++i) {
    const char32_t c = (*cps)[i];
    if (c == U'_' && after_digit) {
      after_digit = false;
      continue;
    }
    const int d = py_decimal(c);
    if (d < 0) return std::nullopt;
    n = (std::min)(n * 10 + d, limit);
    ++digits;
    after_digit = true;
  }
  if (!after_digit || digits > py_int_max_str_digits) return std::nullopt;
  return negative ? -n : n;
}

/// `s` quoted for a message, Python's `repr` way: control characters and non-ASCII characters
/// other than letters and digits escaped (`\r`, `\x0b`, `\u0301`), letters and digits as they
/// are (`'3,é'`); a byte that is not UTF-8 as `\x` and its hex value.
inline std::string quote_text(std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  const auto escape = [](std::string& out, char32_t c) {
    const int digits = c < 0x100 ? 2 : c < 0x10000 ? 4 : 8;
    out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
    for (int k = digits - 1; k >= 0; --k) out.push_back(hex[(c >> (4 * k)) & 15]);
  };
  const auto cps = decode_utf8(s);
  std::string out = "'";
  if (!cps) {
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c >= 0x20 && c < 0x7F)
        out.push_back(ch);
      else
        escape(out, c);
    }
    return out + "'";
  }
  for (const char32_t c : *cps) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (c >= 0x20 && c < 0x7F)
      out.push_back(static_cast<char>(c));
    else if (c >= 0x80 && (py_isalpha(c) || py_isnumeric(c)))
      out += encode_utf8(c);
    else
      escape(out, c);
  }
  return out + "'";
}

} // namespace battleship::detail
