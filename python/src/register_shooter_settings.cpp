// ShooterSettings: a built-in shooter with some of its settings changed (battleship.ExpertShooter(
// layouts=400) and its siblings), and the table of what each shooter takes.
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/registry.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "shooter_settings.hpp"

namespace bsp {
namespace {

/// The settings `given` (a mapping of setting names to values) for `shooter`, each checked:
/// ValueError for an unknown shooter, a setting it does not take or a value out of its range,
/// TypeError for a value of the wrong type (an integer setting takes an int, a real one any
/// real number; neither takes True or False).
ShooterSettings make_settings(const std::string& shooter, const py::dict& given) {
  const auto names = battleship::shooter_names<SmallShape>();
  if (std::find(names.begin(), names.end(), shooter) == names.end())
    throw py::value_error("unknown shooter '" + shooter + "'");
  ShooterSettings out{shooter, {}};
  for (const auto& [key, value] : given) {
    if (!py::isinstance<py::str>(key))
      throw py::type_error("a setting's name must be a str, got " +
                           py::repr(key).cast<std::string>());
    const std::string name = key.cast<std::string>();
    const ShooterSetting* setting = find_shooter_setting(shooter, name);
    if (setting == nullptr)
      throw py::value_error(battleship::detail::unknown_setting_refusal(
          "shooter", shooter, name, battleship::detail::shooter_setting_ranges(shooter)));
    out.values.emplace_back(
        name, setting_number({setting->name, setting->whole, setting->low, setting->high}, value));
  }
  return out;
}

/// The value of a setting as Python shows it: an int for an integer setting.
py::object setting_value(const ShooterSettings& s, const std::string& name, double value) {
  const ShooterSetting* setting = find_shooter_setting(s.shooter, name);
  if (setting != nullptr && setting->whole) return py::int_(static_cast<long long>(value));
  return py::float_(value);
}

/// The settings changed, as a dict in the order given.
py::dict values_of(const ShooterSettings& s) {
  py::dict d;
  for (const auto& [name, value] : s.values) d[py::str(name)] = setting_value(s, name, value);
  return d;
}

} // namespace

void register_shooter_settings(py::module_& m) {
  py::class_<ShooterSettings>(
      m, "ShooterSettings",
      "A built-in shooter with some of its settings changed; see battleship.ExpertShooter.")
      .def(py::init(&make_settings), py::arg("shooter"), py::arg("settings"))
      .def_readonly("shooter", &ShooterSettings::shooter, "The shooter's registry name.")
      .def_property_readonly("settings", &values_of, "The settings changed, in the order given.")
      .def("__repr__",
           [](const ShooterSettings& s) {
             return "ShooterSettings('" + s.shooter + "', " +
                    py::repr(values_of(s)).cast<std::string>() + ")";
           })
      .def(
          "__eq__",
          [](const ShooterSettings& s, py::handle other) {
            if (!py::isinstance<ShooterSettings>(other)) return false;
            const auto& o = other.cast<const ShooterSettings&>();
            return o.shooter == s.shooter && values_of(o).equal(values_of(s));
          },
          py::is_operator())
      .def("__hash__",
           [](const ShooterSettings& s) {
             return py::hash(py::make_tuple(s.shooter, py::tuple(values_of(s).attr("items")())));
           })
      .def(py::pickle( // an environment's opponent pickles and copies
          [](const ShooterSettings& s) { return py::make_tuple(s.shooter, values_of(s)); },
          [](const py::tuple& t) {
            if (t.size() != 2 || !py::isinstance<py::str>(t[0]) || !py::isinstance<py::dict>(t[1]))
              throw py::value_error("bad ShooterSettings state");
            return make_settings(t[0].cast<std::string>(), t[1].cast<py::dict>());
          }));
  m.def(
      "parse_shooter_settings",
      [](std::string_view text) {
        const ShooterSettings settings = battleship::parse_shooter_settings(text);
        return py::make_tuple(settings.shooter, values_of(settings));
      },
      py::arg("text"),
      "The built-in shooter 'expert(exact_layouts=5000, margin=2)' names, and its settings (a "
      "dict, in the order given); ValueError naming the text for what cannot be read.");
  m.def(
      "shooter_settings",
      [](const std::string& shooter) {
        py::list out;
        battleship::with_shooter<SmallShape>(shooter, [&](const auto& made) {
          for (const ShooterSetting& s : shooter_settings) {
            if (s.shooter != shooter) continue;
            const double value = shooter_member(made, s.name);
            if (std::isnan(value)) // the table names a member the class lacks
              throw std::logic_error("the " + shooter + " shooter has no member " +
                                     std::string(s.name));
            out.append(setting_row({s.name, s.whole, s.low, s.high}, value));
          }
        });
        return out;
      },
      py::arg("shooter"),
      "The settings the built-in shooter takes, each with its default and the range accepted "
      "(an empty list for a shooter without settings); ValueError for an unknown name.");
}
} // namespace bsp
