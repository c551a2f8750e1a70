// The settings of the built-in shooters that have them (probability, bayes, expert), for Python:
// the library's table (`battleship::shooter_settings`) and `battleship::ShooterSettings`, bound
// as `_core.ShooterSettings`, which `battleship.ExpertShooter(layouts=400)` and its siblings
// hand over.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <stdexcept>
#include <string>

#include <battleship/detail/settings_text.hpp>
#include <battleship/registry.hpp>
#include <battleship/shooter_settings.hpp>

#include "convert.hpp"

namespace bsp {
using battleship::find_shooter_setting;
using battleship::shooter_member;
using battleship::shooter_settings;
using battleship::ShooterSetting;
using battleship::ShooterSettings;

/// `value`, given to `setting`, as a number: TypeError for a value of the wrong type (an integer
/// setting takes an int, a real one any real number; neither takes True or False), ValueError for
/// one out of its range.
inline double setting_number(const battleship::detail::SettingRange& setting, py::handle value) {
  const std::string name(setting.name);
  double number = 0;
  if (setting.whole) {
    const auto n = PyBool_Check(value.ptr()) ? std::nullopt : whole_number(value);
    if (!n) refuse_argument(value, name, "an int");
    number = static_cast<double>(*n);
  } else {
    if (PyBool_Check(value.ptr()) || !PyNumber_Check(value.ptr()) || PyComplex_Check(value.ptr()))
      refuse_argument(value, name, "a real number");
    number = value.cast<double>();
  }
  const std::string why =
      battleship::detail::range_refusal(setting, number, py::repr(value).cast<std::string>());
  if (!why.empty()) throw py::value_error(why);
  return number;
}

/// `setting` as Python lists it (`battleship.shooter_settings`): its name, `default_value` and
/// range, each an int for an integer setting.
inline py::dict setting_row(const battleship::detail::SettingRange& setting, double default_value) {
  const auto number = [&](double v) {
    return setting.whole ? py::object(py::int_(static_cast<long long>(v)))
                         : py::object(py::float_(v));
  };
  py::dict row;
  row["name"] = std::string(setting.name);
  row["default"] = number(default_value);
  row["low"] = number(setting.low);
  row["high"] = number(setting.high);
  return row;
}
} // namespace bsp
