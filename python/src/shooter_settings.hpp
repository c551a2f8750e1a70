// The settings of the built-in shooters that have them (probability, bayes, expert), for Python:
// the library's table (`battleship::shooter_settings`) and `battleship::ShooterSettings`, bound
// as `_core.ShooterSettings`, which `battleship.ExpertShooter(layouts=400)` and its siblings
// hand over.
#pragma once

#include <battleship/registry.hpp>
#include <battleship/shooter_settings.hpp>

namespace bsp {
using battleship::find_shooter_setting;
using battleship::shooter_member;
using battleship::shooter_settings;
using battleship::ShooterSetting;
using battleship::ShooterSettings;
} // namespace bsp
