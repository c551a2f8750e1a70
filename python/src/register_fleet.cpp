// ShipClass and Fleet, with the predefined fleets.
#include <pybind11/stl.h>

#include <battleship/fleet.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "typed_arg.hpp"

namespace bsp {
namespace {
using battleship::Fleet;
using battleship::ShipClass;

/// A class from Python values, each converted by name (as `Rules` does), so that a length that is
/// not an int, or beyond one, gets an error naming it instead of pybind's list of signatures; a
/// class no fleet could take (`ShipClass::problem`) is refused here, not only by a `Fleet`.
ShipClass class_of(py::handle name_value, py::handle symbol_value, py::handle length,
                   py::handle count) {
  const std::string name = text_of(name_value, "a ship's name");
  const std::string symbol = text_of(symbol_value, "a ship's symbol");
  if (name.size() > 31)
    throw py::value_error("ship name " + repr_quoted(name) + " is longer than 31 bytes (in UTF-8)");
  if (symbol.size() != 1)
    throw py::value_error("the symbol of " + repr_quoted(name) +
                          " must be one ASCII character, got " + repr_quoted(symbol));
  const ShipClass c{battleship::FixedString<31>(std::string_view(name)), symbol[0],
                    int_argument(length, "a ship's length"), int_argument(count, "a ship's count")};
  if (auto p = c.problem()) throw py::value_error(*p); // no fleet could take it
  return c;
}

ShipClass class_from(py::handle h) {
  if (py::isinstance<ShipClass>(h)) return h.cast<ShipClass>();
  if (py::isinstance<py::sequence>(h) && !py::isinstance<py::str>(h)) {
    const auto t = py::reinterpret_borrow<py::sequence>(h);
    if (t.size() == 3 || t.size() == 4)
      return class_of(t[0], t[1], t[2], t.size() == 4 ? py::handle(t[3]) : py::int_(1));
  }
  throw py::type_error("a ship class is a ShipClass or a (name, symbol, length[, count]) tuple, "
                       "got " +
                       py::repr(h).cast<std::string>());
}

Fleet fleet_from(py::handle classes) {
  // Checked here, not by pybind, so that Fleet(None) says what a fleet is made of instead of
  // listing the constructor's signature.
  if (!py::isinstance<py::iterable>(classes) || py::isinstance<py::str>(classes))
    throw py::type_error("a fleet is made of ShipClass objects or (name, symbol, length[, count]) "
                         "tuples, got " +
                         py::repr(classes).cast<std::string>());
  Fleet f;
  int n = 0;
  for (const auto& c : py::reinterpret_borrow<py::iterable>(classes)) {
    if (++n > battleship::max_ship_classes)
      throw py::value_error("a fleet has at most " + std::to_string(battleship::max_ship_classes) +
                            " ship classes");
    // A refused class says which of the list it is: a class with no name has nothing else to
    // tell it by.
    const std::string which = "ship class " + std::to_string(n - 1) + ": ";
    try {
      f.add(class_from(c));
    } catch (const py::value_error& e) {
      throw py::value_error(which + e.what());
    } catch (const py::type_error& e) {
      throw py::type_error(which + e.what());
    }
  }
  if (auto p = f.problem()) throw py::value_error(*p);
  return f;
}

std::vector<ShipClass> classes_of(const Fleet& f) {
  std::vector<ShipClass> out;
  for (int i = 0; i < f.class_count(); ++i) out.push_back(f.ship_class(i));
  return out;
}

py::tuple class_state(const ShipClass& c) {
  return py::make_tuple(c.name.str(), std::string(1, c.symbol), c.length, c.count);
}

Fleet fleet_named(py::handle value) {
  const std::string name = text_of(value, "a fleet's name");
  if (const auto found = battleship::fleets::named(name)) return *found;
  std::string known;
  for (const auto& n : battleship::fleets::all)
    known += (known.empty() ? "" : ", ") + std::string(n.name);
  throw py::value_error("unknown fleet " + repr_quoted(name) + "; known: " + known);
}

py::dict ship_dict(const Fleet& f, py::handle which) {
  const long long id = index_argument(which, "id");
  if (id < 0 || id >= f.ship_count())
    throw py::index_error("ship " + py::repr(which).cast<std::string>() + " is not in a fleet of " +
                          std::to_string(f.ship_count()) + " ships");
  const auto s = f.ship(static_cast<int>(id));
  py::dict d;
  d["id"] = s.id;
  d["class_index"] = s.class_index;
  d["copy"] = s.copy;
  d["length"] = s.length;
  d["symbol"] = std::string(1, s.symbol);
  d["name"] = std::string(s.name);
  return d;
}
} // namespace

void register_fleet(py::module_& m) {
  py::class_<ShipClass>(
      m, "ShipClass",
      "A kind of ship: name, symbol, length and count. ValueError for a class "
      "no fleet could take (no name, a length outside 1 to 255, a count below "
      "1, a blank symbol or '.', 'X' or 'o', which boards draw water, hits and misses with).")
      .def(py::init([](StrArg name, StrArg symbol, IntArg length, IntArg count) {
             return class_of(name, symbol, length, count);
           }),
           py::arg("name"), py::arg("symbol"), py::arg("length"), py::arg("count") = 1)
      .def_property_readonly(
          "name", [](const ShipClass& c) { return c.name.str(); },
          "The class's name, e.g. 'Carrier'.")
      .def_property_readonly(
          "symbol", [](const ShipClass& c) { return std::string(1, c.symbol); },
          "The one character that draws the class's ships on a board.")
      .def_readonly("length", &ShipClass::length, "Cells each ship of the class covers.")
      .def_readonly("count", &ShipClass::count, "How many ships of the class the fleet has.")
      .def(
          "__eq__", [](const ShipClass& a, const ShipClass& b) { return a == b; },
          py::is_operator())
      .def("__hash__", [](const ShipClass& c) { return py::hash(class_state(c)); })
      .def("__repr__",
           [](const ShipClass& c) {
             return "ShipClass" + py::repr(class_state(c)).cast<std::string>();
           })
      .def(py::pickle(&class_state, [](const py::tuple& t) {
        if (t.size() != 4)
          throw py::value_error("a ShipClass state is (name, symbol, length, count)");
        return class_of(t[0], t[1], t[2], t[3]);
      }));

  py::class_<Fleet>(m, "Fleet",
                    "A fleet: ship classes, each with a count. Ships are numbered class by class "
                    "in order (the classic fleet's ship 0 is the Carrier).")
      .def(py::init([](ShipClassesArg classes) { return fleet_from(classes); }), py::arg("classes"),
           "A fleet from ShipClass objects or (name, symbol, length[, count]) tuples; ValueError "
           "if it is invalid.")
      .def_static(
          "classic", [] { return battleship::fleets::classic; },
          "Carrier 5, Battleship 4, Cruiser 3, Submarine 3, Destroyer 2.")
      .def_static(
          "hasbro", [] { return battleship::fleets::hasbro; },
          "Carrier 5, Battleship 4, Destroyer 3, Submarine 3, Patrol Boat 2.")
      .def_static(
          "cs32", [] { return battleship::fleets::cs32; }, "CS32 Project 3's fleet.")
      .def_static(
          "bbm103", [] { return battleship::fleets::bbm103; },
          "Carrier 5, 2 x Battleship 4, Destroyer 3, Submarine 3, 4 x Patrol Boat 2.")
      .def_static(
          "russian", [] { return battleship::fleets::russian; },
          "1 x 4, 2 x 3, 3 x 2, 4 x 1 (played with no contact).")
      .def_static(
          "named", [](StrArg name) { return fleet_named(name); }, py::arg("name"),
          "A predefined fleet by name.")
      .def_static(
          "names",
          [] {
            std::vector<std::string> out;
            for (const auto& n : battleship::fleets::all) out.emplace_back(n.name);
            return out;
          },
          "Names of the predefined fleets.")
      .def_property_readonly("classes", &classes_of, "The ship classes, in fleet order.")
      .def_property_readonly("ship_count", &Fleet::ship_count,
                             "Ships in the fleet (every copy counted).")
      .def_property_readonly("class_count", &Fleet::class_count, "Ship classes in the fleet.")
      .def_property_readonly("total_length", &Fleet::total_length,
                             "Cells the whole fleet covers: the hits that win a game.")
      .def_property_readonly("longest", &Fleet::longest,
                             "Length of the longest ship (0 for an empty fleet).")
      .def_property_readonly("shortest", &Fleet::shortest,
                             "Length of the shortest ship (0 for an empty fleet).")
      .def_property_readonly(
          "lengths",
          [](const Fleet& f) {
            std::vector<int> out;
            for (int i = 0; i < f.ship_count(); ++i) out.push_back(f.ship(i).length);
            return out;
          },
          "Each ship's length, in ship id order.")
      .def(
          "ship", [](const Fleet& f, IntArg id) { return ship_dict(f, id); }, py::arg("id"),
          "Ship `id`: a dict of id, class_index, copy, length, symbol, name; IndexError if none.")
      .def(
          "problem",
          [](const Fleet& f, IntArg rows, IntArg cols) -> std::optional<std::string> {
            const int r = int_argument(rows, "rows"), c = int_argument(cols, "cols");
            // No board past the large shape is played, whatever the fleet (as Ocean refuses it).
            const long long cells = static_cast<long long>(r) * c;
            if (r >= 1 && c >= 1 && cells > static_cast<long long>(LargeShape::capacity))
              return battleship::detail::concat("a ", r, " x ", c, " board has ", cells,
                                                " cells; at most ", LargeShape::capacity,
                                                " are supported (for example 32 x 32)");
            return f.problem(battleship::DynamicShape<1 << 20>(r, c));
          },
          py::arg("rows"), py::arg("cols"),
          "Why the fleet cannot be used on a rows x cols board (one past 1024 cells included), or "
          "None.")
      .def(
          "__eq__", [](const Fleet& a, const Fleet& b) { return a == b; }, py::is_operator())
      .def("__hash__",
           [](const Fleet& f) {
             py::list l;
             for (const auto& c : classes_of(f)) l.append(class_state(c));
             return py::hash(py::tuple(l));
           })
      .def("__len__", &Fleet::ship_count)
      .def("__repr__",
           [](const Fleet& f) {
             for (const auto& n : battleship::fleets::all)
               if (n.fleet == f) return "Fleet." + std::string(n.name) + "()";
             py::list l;
             for (const auto& c : classes_of(f)) l.append(class_state(c));
             return "Fleet(" + py::repr(l).cast<std::string>() + ")";
           })
      .def(py::pickle(
          [](const Fleet& f) {
            py::list l;
            for (const auto& c : classes_of(f)) l.append(class_state(c));
            return l;
          },
          [](const py::list& classes) { return fleet_from(classes); }));
}
} // namespace bsp
