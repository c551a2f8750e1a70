// Settings text, `NAME(SETTING=VALUE, ...)`: how a built-in shooter or placer is named with its
// settings (`expert(exact_layouts=5000)`, `elusive(candidates=512)`), read the way Python reads
// numbers, with one set of refusals for both kinds of strategy.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <locale>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <battleship/detail/text.hpp>

namespace battleship::detail {

/// A limit of a settings table as a person writes it: `1,000,000`, `0.5`.
[[nodiscard]] inline std::string limit_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", x);
  const std::string_view digits(text);
  if (digits.find_first_of(".e") != std::string_view::npos) return std::string(digits);
  // Appended digit by digit, not inserted: GCC 12 warns of an overlap in insert (-Wrestrict).
  const std::size_t sign = digits[0] == '-' ? 1 : 0;
  const std::size_t count = digits.size() - sign;
  std::string grouped(digits.substr(0, sign));
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0 && (count - i) % 3 == 0) grouped += ',';
    grouped += digits[sign + i];
  }
  return grouped;
}

/// `text` without the white space around it.
[[nodiscard]] inline std::string_view trimmed(std::string_view text) noexcept {
  constexpr std::string_view space = " \t\n\r\f\v";
  const auto first = text.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(space) - first + 1);
}

/// A number as Python's `float()` reads it (`5000`, `5_000`, `-2.5e3`, `.5`, `inf`): its value,
/// and whether it was written as an integer (digits alone, exactly), or nothing for other text.
struct NumberText {
  double value = 0;
  bool integer = false;
};
[[nodiscard]] inline std::optional<NumberText> read_number(std::string_view text) {
  std::string clean; // without the underscores, which may only stand between two digits
  std::size_t at = 0;
  if (at < text.size() && (text[at] == '+' || text[at] == '-')) clean += text[at++];
  const auto lowered = [&] {
    std::string rest;
    for (char c : text.substr(at)) rest += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return rest;
  }();
  if (lowered == "inf" || lowered == "infinity" || lowered == "nan") {
    const double v = lowered == "nan" ? std::nan("") : HUGE_VAL;
    return NumberText{clean == "-" ? -v : v, false};
  }
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto digits = [&] { // digit (['_'] digit)*: false if there is none
    if (at >= text.size() || !is_digit(text[at])) return false;
    clean += text[at++];
    while (at < text.size()) {
      if (is_digit(text[at])) {
        clean += text[at++];
      } else if (text[at] == '_' && at + 1 < text.size() && is_digit(text[at + 1])) {
        ++at;
      } else {
        break;
      }
    }
    return true;
  };
  const bool whole_part = digits();
  bool integer = whole_part;
  if (at < text.size() && text[at] == '.') {
    clean += text[at++];
    integer = false;
    if (!digits() && !whole_part) return std::nullopt; // "." alone
  } else if (!whole_part) {
    return std::nullopt;
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    clean += text[at++];
    integer = false;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) clean += text[at++];
    if (!digits()) return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  if (integer) { // exactly, where it fits (a whole setting then takes every digit)
    long long n = 0;
    const char* first = clean.data() + (clean[0] == '+' ? 1 : 0);
    const auto [end, error] = std::from_chars(first, clean.data() + clean.size(), n);
    if (error == std::errc() && end == clean.data() + clean.size())
      return NumberText{static_cast<double>(n), true};
  }
  std::istringstream in(clean[0] == '+' ? clean.substr(1) : clean);
  in.imbue(std::locale::classic()); // a decimal point whatever the program's locale
  double value = 0;
  in >> value;
  if (in.fail() && std::abs(value) == (std::numeric_limits<double>::max)())
    value = std::copysign(HUGE_VAL, value); // past the largest double, as Python reads it
  return NumberText{value, integer};
}

/// One setting as the reader checks it: its name, whether it takes only whole numbers, and the
/// range it accepts.
struct SettingRange {
  std::string_view name; ///< The setting's name, as text gives it.
  bool whole;            ///< Only whole numbers.
  double low;            ///< The least value accepted.
  double high;           ///< The most value accepted.
};

/// Throws `std::invalid_argument` saying "KIND 'TEXT': WHY...", the refusal of settings text.
template <class... Why>
[[noreturn]] void refuse_settings_text(std::string_view kind, std::string_view text,
                                       const Why&... why) {
  throw std::invalid_argument(concat(kind, " '", text, "': ", why...));
}

/// The parts of settings text: the strategy's name and the items between the parentheses
/// (`" samples = 2_000 "`), untrimmed, none for `NAME()`.
struct SettingsText {
  std::string_view name;               ///< The name before the parentheses.
  std::vector<std::string_view> items; ///< What stands between the commas.
};

/// `text` split as `NAME(SETTING=VALUE, ...)`: a name of letters, digits (not first) and
/// underscores, then the parenthesised items, white space allowed around each piece. Refuses
/// other text, naming `kind` (`shooter`) and `example` (`expert(exact_layouts=5000)`).
[[nodiscard]] inline SettingsText split_settings_text(std::string_view kind, std::string_view text,
                                                      std::string_view example) {
  const std::string_view all = trimmed(text);
  std::size_t end = 0;
  const auto letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  while (end < all.size() && (letter(all[end]) || (end > 0 && all[end] >= '0' && all[end] <= '9')))
    ++end;
  SettingsText out{all.substr(0, end), {}};
  const std::string_view rest = trimmed(all.substr(end));
  if (out.name.empty() || rest.size() < 2 || rest.front() != '(' || rest.back() != ')')
    refuse_settings_text(kind, text, "expected NAME(SETTING=VALUE, ...), such as ", example);
  const std::string_view inner = rest.substr(1, rest.size() - 2);
  if (inner.find_first_of("()") != std::string_view::npos) // else "1))" is a value, not a number
    refuse_settings_text(kind, text,
                         "a parenthesis among the settings: one '(' after the name, one ')' at "
                         "the end, such as ",
                         example);
  for (std::size_t from = 0; !trimmed(inner).empty() && from <= inner.size();) {
    const std::size_t comma = (std::min)(inner.find(',', from), inner.size());
    out.items.push_back(inner.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

/// The names of `settings`, listed: "a, b and c".
[[nodiscard]] inline std::string listed_setting_names(const std::vector<SettingRange>& settings) {
  std::string text;
  for (std::size_t i = 0; i < settings.size(); ++i) {
    if (i > 0) text += i + 1 == settings.size() ? " and " : ", ";
    text += settings[i].name;
  }
  return text;
}

/// Why the built-in `kind` (`shooter`) `name`, whose settings are `settings`, takes no setting
/// `key`: it takes none, or others. The one wording of this refusal, for settings text and for
/// Python's keyword arguments.
[[nodiscard]] inline std::string
unknown_setting_refusal(std::string_view kind, std::string_view name, std::string_view key,
                        const std::vector<SettingRange>& settings) {
  if (settings.empty()) return concat("the ", name, " ", kind, " takes no settings");
  return concat("the ", name, " ", kind, " has no setting '", key,
                "'; its settings: ", std::string_view(listed_setting_names(settings)));
}

/// Why `value`, written as `written`, is outside `setting`'s range (NaN is), or "" if it is
/// within it. The one wording of this refusal, as `unknown_setting_refusal`'s.
[[nodiscard]] inline std::string range_refusal(const SettingRange& setting, double value,
                                               std::string_view written) {
  if (value >= setting.low && value <= setting.high) return {};
  return concat(setting.name, " must be from ", std::string_view(limit_text(setting.low)), " to ",
                std::string_view(limit_text(setting.high)), ", got ", written);
}

/// The values `items` give the built-in `kind` `name` (its settings are `settings`), in the order
/// given, from the text `text` that every refusal names, worded as Python words them: an item
/// that is not `SETTING=VALUE`, a strategy without settings, a setting it lacks or given twice,
/// a value that is not a number or not whole where it must be; then, once all is read, as
/// Python checks, a value out of its range (shown as written).
[[nodiscard]] inline std::vector<std::pair<std::string, double>>
read_setting_values(std::string_view kind, std::string_view text, std::string_view name,
                    const std::vector<std::string_view>& items,
                    const std::vector<SettingRange>& settings) {
  const auto refuse = [&](const auto&... why) { refuse_settings_text(kind, text, why...); };
  const auto find = [&](std::string_view key) -> const SettingRange* {
    for (const SettingRange& s : settings)
      if (s.name == key) return &s;
    return nullptr;
  };
  std::vector<std::pair<std::string, double>> out;
  std::vector<std::pair<const SettingRange*, std::string_view>> written; // for the range checks
  for (const std::string_view item : items) {
    const auto equals = item.find('=');
    const std::string_view key = trimmed(item.substr(0, equals));
    const std::string_view value =
        equals == std::string_view::npos ? std::string_view() : trimmed(item.substr(equals + 1));
    if (equals == std::string_view::npos || key.empty() || value.empty())
      refuse("expected SETTING=VALUE, got '", trimmed(item), "'");
    const SettingRange* setting = find(key);
    if (setting == nullptr)
      refuse(std::string_view(unknown_setting_refusal(kind, name, key, settings)));
    for (const auto& [given, v] : out)
      if (given == key) refuse(key, " is set twice");
    const auto number = read_number(value);
    if (!number) refuse(key, " must be a number, got '", value, "'");
    const double v = number->value;
    if (setting->whole && !number->integer && !(std::isfinite(v) && std::trunc(v) == v))
      refuse(key, " must be a whole number, got '", value, "'");
    out.emplace_back(std::string(key), v);
    written.emplace_back(setting, value);
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::string why = range_refusal(*written[i].first, out[i].second, written[i].second);
    if (!why.empty()) refuse(std::string_view(why));
  }
  return out;
}

} // namespace battleship::detail
