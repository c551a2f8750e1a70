/// @file shooter_settings.hpp
/// @brief The settings of the built-in shooters that have them (`probability`, `bayes`,
/// `expert`): which each takes and in what range, and a shooter named with its settings as text,
/// `expert(exact_layouts=5000, margin=2)`, read into a `ShooterSettings`.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
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

namespace battleship {

/// One setting a built-in shooter takes: a public member of its class, and the range accepted
/// where a setting is given by name (the members have no checks of their own; the caps keep a
/// mistyped value from asking for gigabytes).
struct ShooterSetting {
  std::string_view shooter; ///< The shooter's registry name.
  std::string_view name;    ///< The member's name.
  bool whole;               ///< An integer member (else a real one).
  double low;               ///< The least value accepted.
  double high;              ///< The most value accepted.
};

/// Every setting of every built-in shooter that has some, in the order their classes declare
/// them.
inline constexpr std::array<ShooterSetting, 17> shooter_settings{{
    {"probability", "hit_weight", true, 1, 1'000'000},
    {"probability", "salvo_discount", false, 0, 1},
    {"bayes", "samples", true, 1, 1'000'000},
    {"bayes", "exact_budget", true, 0, 1e12},
    {"bayes", "retry_rounds", true, 0, 10},
    {"bayes", "salvo_layouts", true, 1, 1'000'000},
    {"bayes", "salvo_discount", false, 0, 1},
    {"bayes", "tie_tolerance", false, 0, 1},
    {"bayes", "hunt_tolerance", false, 0, 1},
    {"expert", "candidates", true, 1, 100},
    {"expert", "layouts", true, 1, 1'000'000},
    {"expert", "proposals_per_layout", true, 1, 1'000},
    {"expert", "margin", false, 0, 1e9},
    {"expert", "endgame_layouts", true, 0, 64},
    {"expert", "endgame_budget", true, 0, 1e12},
    {"expert", "exact_layouts", true, 0, 1'000'000},
    {"expert", "exact_candidates", true, 1, 100},
}};

/// The table's entry for `shooter`'s setting `name`, or null.
[[nodiscard]] inline const ShooterSetting* find_shooter_setting(std::string_view shooter,
                                                                std::string_view name) noexcept {
  for (const ShooterSetting& s : shooter_settings)
    if (s.shooter == shooter && s.name == name) return &s;
  return nullptr;
}

/// One line per member that a setting names: `shooter.member`, whichever shooter has it. A
/// member the table names but these lines miss is refused by `set_shooter_member` (a test sets
/// every setting of the table). Undefined at the end of this header.
#define BATTLESHIP_SHOOTER_MEMBERS(X)                                                              \
  X(hit_weight)                                                                                    \
  X(salvo_discount)                                                                                \
  X(samples)                                                                                       \
  X(exact_budget)                                                                                  \
  X(retry_rounds)                                                                                  \
  X(salvo_layouts)                                                                                 \
  X(tie_tolerance)                                                                                 \
  X(hunt_tolerance)                                                                                \
  X(candidates)                                                                                    \
  X(layouts)                                                                                       \
  X(proposals_per_layout)                                                                          \
  X(margin)                                                                                        \
  X(endgame_layouts)                                                                               \
  X(endgame_budget)                                                                                \
  X(exact_layouts)                                                                                 \
  X(exact_candidates)

/// In `set_shooter_member`: sets `member` if `name` names it. Undefined at the end of this
/// header, as the next one is.
#define BATTLESHIP_SET_MEMBER(member)                                                              \
  if (name == #member) {                                                                           \
    if constexpr (requires { shooter.member; }) {                                                  \
      shooter.member = static_cast<decltype(shooter.member)>(value);                               \
      return true;                                                                                 \
    }                                                                                              \
    return false;                                                                                  \
  }
/// In `shooter_member`: reads `member` if `name` names it.
#define BATTLESHIP_GET_MEMBER(member)                                                              \
  if (name == #member) {                                                                           \
    if constexpr (requires { shooter.member; }) return static_cast<double>(shooter.member);        \
    return std::nan("");                                                                           \
  }

/// Sets `shooter`'s member `name` to `value`; false if its class has no such member.
template <class Shooter>
bool set_shooter_member(Shooter& shooter, std::string_view name, double value) {
  BATTLESHIP_SHOOTER_MEMBERS(BATTLESHIP_SET_MEMBER)
  return false;
}

/// The value of `shooter`'s member `name`, or NaN if its class has no such member.
template <class Shooter>
double shooter_member(const Shooter& shooter, std::string_view name) {
  BATTLESHIP_SHOOTER_MEMBERS(BATTLESHIP_GET_MEMBER)
  return std::nan("");
}
#undef BATTLESHIP_GET_MEMBER
#undef BATTLESHIP_SET_MEMBER
#undef BATTLESHIP_SHOOTER_MEMBERS

/// A built-in shooter with some of its settings changed from their defaults. Made from text by
/// `parse_shooter_settings` (`<battleship/registry.hpp>`); played by `with_shooter` and
/// `make_shooter`, which take the text too.
struct ShooterSettings {
  std::string shooter; ///< The shooter's registry name.
  /// The settings changed, in the order given, each within its range of `shooter_settings`.
  std::vector<std::pair<std::string, double>> values;

  /// Sets `made` (a `shooter`, as the registry makes it) to these settings; throws
  /// `std::logic_error` if its class lacks a member the table names.
  template <class Shooter>
  void apply_to(Shooter& made) const {
    for (const auto& [name, value] : values)
      if (!set_shooter_member(made, name, value))
        throw std::logic_error(detail::concat("the ", std::string_view(shooter),
                                              " shooter has no member ", std::string_view(name)));
  }
};

namespace detail {

/// The names of `shooter`'s settings, listed: "a, b, c", or "a, b and c" with `and_last`.
[[nodiscard]] inline std::string setting_names(std::string_view shooter, bool and_last) {
  std::vector<std::string_view> names;
  for (const ShooterSetting& s : shooter_settings)
    if (s.shooter == shooter) names.push_back(s.name);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += and_last && i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
}

/// A limit of the table as a person writes it: `1,000,000`, `0.5`.
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

/// The settings of the built-in shooter `name`, read from `items` ("exact_layouts = 5000"), of
/// the text `text` (named in every refusal). Refusals as Python words them.
[[nodiscard]] inline ShooterSettings read_settings(std::string_view text, std::string_view name,
                                                   const std::vector<std::string_view>& items) {
  const auto refuse = [&](const auto&... why) {
    throw std::invalid_argument(concat("shooter '", text, "': ", why...));
  };
  ShooterSettings out{std::string(name), {}};
  std::vector<std::string_view> written; // each value as written, for a range refusal
  for (const std::string_view item : items) {
    const auto equals = item.find('=');
    const std::string_view key = trimmed(item.substr(0, equals));
    const std::string_view value =
        equals == std::string_view::npos ? std::string_view() : trimmed(item.substr(equals + 1));
    if (equals == std::string_view::npos || key.empty() || value.empty())
      refuse("expected SETTING=VALUE, got '", trimmed(item), "'");
    if (setting_names(name, false).empty()) refuse("the ", name, " shooter takes no settings");
    const ShooterSetting* setting = find_shooter_setting(name, key);
    if (setting == nullptr)
      refuse("the ", name, " shooter has no setting '", key,
             "'; its settings: ", std::string_view(setting_names(name, false)));
    for (const auto& [given, v] : out.values)
      if (given == key) refuse(key, " is set twice");
    const auto number = read_number(value);
    if (!number) refuse(key, " must be a number, got '", value, "'");
    const double v = number->value;
    if (setting->whole && !number->integer && !(std::isfinite(v) && std::trunc(v) == v))
      refuse(key, " must be a whole number, got '", value, "'");
    out.values.emplace_back(std::string(key), v);
    written.push_back(value);
  }
  for (std::size_t i = 0; i < out.values.size(); ++i) { // once the text is read, as Python does
    const ShooterSetting& setting = *find_shooter_setting(name, out.values[i].first);
    const double v = out.values[i].second;
    if (!(v >= setting.low && v <= setting.high)) // NaN too
      refuse(setting.name, " must be from ", std::string_view(limit_text(setting.low)), " to ",
             std::string_view(limit_text(setting.high)), ", got ", written[i]);
  }
  return out;
}

} // namespace detail
} // namespace battleship
