/// @file shooter_settings.hpp
/// @brief The settings of the built-in shooters that have them (`probability`, `bayes`,
/// `expert`): which each takes and in what range, and a shooter named with its settings as text,
/// `expert(exact_layouts=5000, margin=2)`, read into a `ShooterSettings`.
#pragma once

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <battleship/detail/settings_text.hpp>
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

/// `shooter`'s settings as the reader of settings text checks them, in the table's order.
[[nodiscard]] inline std::vector<SettingRange> shooter_setting_ranges(std::string_view shooter) {
  std::vector<SettingRange> ranges;
  for (const ShooterSetting& s : shooter_settings)
    if (s.shooter == shooter) ranges.push_back({s.name, s.whole, s.low, s.high});
  return ranges;
}

/// The settings of the built-in shooter `name`, read from `items` ("exact_layouts = 5000"), of
/// the text `text` (named in every refusal). Refusals as Python words them.
[[nodiscard]] inline ShooterSettings read_settings(std::string_view text, std::string_view name,
                                                   const std::vector<std::string_view>& items) {
  return {std::string(name),
          read_setting_values("shooter", text, name, items, shooter_setting_ranges(name))};
}

} // namespace detail
} // namespace battleship
