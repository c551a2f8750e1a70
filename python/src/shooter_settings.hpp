// The settings of the built-in shooters that have them (probability, bayes, expert), for Python:
// which each takes and in what range (`shooter_settings`), and the shooter made with them
// (`ShooterSettings`, `_core.ShooterSettings`, which `battleship.ExpertShooter(layouts=400)` and
// its siblings hand over).
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <battleship/registry.hpp>

namespace bsp {
namespace py = pybind11;

/// One setting a built-in shooter takes: a public member of its C++ class, and the range the
/// bindings accept (the members have no checks of their own; the caps keep a mistyped value from
/// asking for gigabytes).
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

// One line per member that a setting names: `shooter.member`, whichever shooter has it. A member
// the table names but these lines miss is an error at run time (`ShooterSettings::with_shooter`),
// and a test makes every setting of the table.
#define BSP_SHOOTER_MEMBERS(X)                                                                     \
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

/// Sets `shooter`'s member `name` to `value`; false if its class has no such member.
template <class Shooter>
bool set_shooter_member(Shooter& shooter, std::string_view name, double value) {
#define BSP_SET(member)                                                                            \
  if (name == #member) {                                                                           \
    if constexpr (requires { shooter.member; }) {                                                  \
      shooter.member = static_cast<decltype(shooter.member)>(value);                               \
      return true;                                                                                 \
    }                                                                                              \
    return false;                                                                                  \
  }
  BSP_SHOOTER_MEMBERS(BSP_SET)
#undef BSP_SET
  return false;
}

/// The value of `shooter`'s member `name`, or NaN if its class has no such member.
template <class Shooter>
double shooter_member(const Shooter& shooter, std::string_view name) {
#define BSP_GET(member)                                                                            \
  if (name == #member) {                                                                           \
    if constexpr (requires { shooter.member; }) return static_cast<double>(shooter.member);        \
    return std::nan("");                                                                           \
  }
  BSP_SHOOTER_MEMBERS(BSP_GET)
#undef BSP_GET
  return std::nan("");
}

/// The table's entry for `shooter`'s setting `name`, or null.
inline const ShooterSetting* find_shooter_setting(std::string_view shooter, std::string_view name) {
  for (const ShooterSetting& s : shooter_settings)
    if (s.shooter == shooter && s.name == name) return &s;
  return nullptr;
}

/// A built-in shooter with some of its settings changed from their defaults: no shape, so one
/// object serves every board. The values are checked against `shooter_settings` when made.
struct ShooterSettings {
  std::string shooter; ///< The shooter's registry name.
  /// The settings changed, in the order given, each within its table range.
  std::vector<std::pair<std::string, double>> values;

  /// Calls `f` with the shooter, as its registry type, its settings changed.
  template <battleship::BoardShape S, class F>
  void with_shooter(F&& f) const {
    battleship::with_shooter<S>(shooter, [&](auto s) {
      for (const auto& [name, value] : values)
        if (!set_shooter_member(s, name, value))
          throw std::logic_error("the " + shooter + " shooter has no member " + name);
      f(std::move(s));
    });
  }
};

} // namespace bsp
