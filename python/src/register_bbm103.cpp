// The BBM103 "Battle of Ships" replay (seed 000): `battleship replay`'s engine.
#include <string>

#include <battleship/compat/bbm103.hpp>

#include "bindings.hpp"
#include "convert.hpp"

namespace bsp {

void register_bbm103(py::module_& m) {
  m.def(
      "bbm103_replay",
      [](const std::string& player1_txt, const std::string& player2_txt,
         const std::string& player1_in, const std::string& player2_in, const std::string& dir) {
        battleship::bbm103::ReplayResult r;
        {
          py::gil_scoped_release release;
          r = battleship::bbm103::replay_files(player1_txt, player2_txt, player1_in, player2_in,
                                               dir);
        }
        return py::make_tuple(py::bytes(r.text), r.played);
      },
      py::arg("player1_txt"), py::arg("player2_txt"), py::arg("player1_in"), py::arg("player2_in"),
      py::arg("dir"),
      "Replays a BBM103 game from its files as the seed's program run in `dir` does (the ship "
      "files are dir/OptionalPlayer1.txt and dir/OptionalPlayer2.txt). Returns (report, played): "
      "the exact Battleship.out bytes, and whether the game was played (False when the report "
      "ends with an error or an unreachable-file line). Writes nothing.");
  m.def(
      "bbm103_check_shot",
      [](py::handle shot_value) {
        const std::string shot = text_of(shot_value, "a shot");
        const battleship::bbm103::ShotCheck c = battleship::bbm103::check_shot(shot);
        static constexpr const char* names[] = {
            "valid",       "missing_argument",  "too_many_arguments", "bad_arguments",
            "int_refused", "invalid_operation", "unsupported"};
        py::object cell = py::none();
        if (c.verdict == battleship::bbm103::ShotVerdict::valid)
          cell = py::make_tuple(c.cell.row, c.cell.col);
        const std::string text = c.verdict == battleship::bbm103::ShotVerdict::unsupported
                                     ? c.problem
                                     : battleship::bbm103::shot_error_text(c.verdict, shot);
        return py::make_tuple(names[static_cast<int>(c.verdict)], cell, py::bytes(text));
      },
      py::arg("shot"),
      "What the BBM103 replay makes of one shot's text (as the seed's Python judges it): "
      "(verdict, (row, col) from 0 or None, the error text printed or the precise problem). "
      "Verdicts: valid, missing_argument, too_many_arguments, bad_arguments, int_refused, "
      "invalid_operation, unsupported.");
}

} // namespace bsp
