// A game's record as text (game_record.hpp's format): GameRecord.to_text and from_text.
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <battleship/game_record.hpp>

#include "bindings.hpp"

namespace bsp {
namespace {
using namespace battleship;

/// A ship's place as Python hands it over: row, column, vertical, length.
using PlaceTuple = std::tuple<int, int, bool, int>;
/// A shot as Python hands it over: player, row, column, the full outcome.
using ShotTuple = std::tuple<int, int, int, ShotOutcome>;
/// An outcome as Python hands it over: end, winner, reason, rounds, shots, at_fault (-1: none).
using OutcomeTuple = std::tuple<std::string, int, std::string, int, std::array<int, 2>, int>;

GameEnd end_of(const std::string& name) {
  for (GameEnd e : {GameEnd::in_progress, GameEnd::win, GameEnd::draw, GameEnd::aborted})
    if (to_string(e) == name) return e;
  throw std::invalid_argument("unknown end of a match: '" + name + "'");
}

GameRecord record_of(int rows, int cols, const Fleet& fleet, const Rules& rules, std::uint64_t seed,
                     const std::array<std::string, 2>& players,
                     const std::array<std::vector<PlaceTuple>, 2>& layouts,
                     const std::vector<ShotTuple>& shots, const OutcomeTuple& outcome) {
  GameRecord r;
  r.rows = rows;
  r.cols = cols;
  r.fleet = fleet;
  r.rules = rules;
  r.seed = seed;
  r.players = players;
  for (std::size_t p = 0; p < 2; ++p)
    for (const auto& [row, col, vertical, length] : layouts[p])
      r.layouts[p].push_back(Placement{
          {row, col}, vertical ? Orientation::vertical : Orientation::horizontal, length});
  for (const auto& [player, row, col, full] : shots)
    r.shots.push_back(RecordedShot{player, {row, col}, full});
  const auto& [end, winner, reason, rounds, shot_counts, at_fault] = outcome;
  r.outcome.end = end_of(end);
  r.outcome.winner = winner;
  r.outcome.reason = reason;
  r.outcome.rounds = rounds;
  r.outcome.shots = shot_counts;
  r.outcome.at_fault = at_fault;
  return r;
}

/// The record `text` holds, as tuples for the Python layer; ValueError("line N: ...") if the
/// text is not a record, or (when `check`) if its game does not replay as written.
py::tuple record_from_text(const std::string& text, bool check) {
  const RecordParse parsed = parse_record(text);
  if (!parsed) throw py::value_error(parsed.error);
  const GameRecord& r = *parsed.record;
  if (check) {
    const auto cells = static_cast<std::size_t>(r.rows) * static_cast<std::size_t>(r.cols);
    const RecordCheck verdict = cells <= SmallShape::capacity ? check_record<SmallShape>(parsed)
                                                              : check_record<LargeShape>(parsed);
    if (!verdict.ok) throw py::value_error(verdict.error);
  }
  py::list layouts;
  for (const auto& layout : r.layouts) {
    py::list places;
    for (const Placement& p : layout)
      places.append(py::make_tuple(p.origin.row, p.origin.col,
                                   p.orientation == Orientation::vertical, p.length));
    layouts.append(places);
  }
  py::list shots;
  for (const RecordedShot& s : r.shots)
    shots.append(py::make_tuple(s.player, s.cell.row, s.cell.col, s.outcome));
  const GameOutcome& o = r.outcome;
  const py::tuple outcome =
      py::make_tuple(std::string(to_string(o.end)), o.winner, o.reason, o.rounds,
                     py::make_tuple(o.shots[0], o.shots[1]), o.at_fault);
  return py::make_tuple(r.rows, r.cols, r.fleet, r.rules, r.seed,
                        py::make_tuple(r.players[0], r.players[1]), layouts, shots, outcome);
}
} // namespace

void register_game_record(py::module_& m) {
  m.def(
      "record_to_text",
      [](int rows, int cols, const Fleet& fleet, const Rules& rules, std::uint64_t seed,
         const std::array<std::string, 2>& players,
         const std::array<std::vector<PlaceTuple>, 2>& layouts, const std::vector<ShotTuple>& shots,
         const OutcomeTuple& outcome) {
        return to_text(record_of(rows, cols, fleet, rules, seed, players, layouts, shots, outcome));
      },
      py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("seed"),
      py::arg("players"), py::arg("layouts"), py::arg("shots"), py::arg("outcome"),
      "A game's record in game_record.hpp's text format (see battleship.GameRecord.to_text).");
  m.def("record_from_text", &record_from_text, py::arg("text"), py::arg("check"),
        "A record's parts from its text (see battleship.GameRecord.from_text).");
}

} // namespace bsp
