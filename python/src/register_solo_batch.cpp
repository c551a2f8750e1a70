// SoloBatch_<N>: many solo games stepped together, the engine's side of
// battleship.envs.BattleshipVectorEnv (solo_batch.hpp). Arrays in, arrays out: one call a step.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/batch_posteriors.hpp>
#include <battleship/registry.hpp>
#include <battleship/solo_batch.hpp>

#include "bindings.hpp"
#include "collectable.hpp"
#include "handle.hpp"
#include "python_strategy.hpp"
#include "run.hpp"

namespace bsp {
namespace {
using namespace battleship;

template <class S>
struct SoloBatchBox {
  std::shared_ptr<StrategyFailure> failure = std::make_shared<StrategyFailure>();
  std::optional<AnyPlacementStrategy<S>> placer;
  std::optional<SoloBatch<S>> batch;
  std::optional<BatchPosteriors<S>> posteriors; // made when maps are first asked for
  int rows = 0;
  int cols = 0;
  /// A Python placer's objects, shown to the garbage collector (`collectable`: a placer that
  /// keeps its environment made a cycle it could not see).
  std::shared_ptr<PythonReferences> placer_held;
  /// Held by the calls that change the games or their maps, one at a time: a signal handler run
  /// while the maps are computed (`probability_maps`, whose calling thread runs Python's
  /// handlers) would otherwise step or reset the games their threads read.
  InUseMark in_use;
  /// Why such a call is refused.
  static constexpr const char* busy =
      " is busy with another call (another thread's, or the one a signal handler or a placer "
      "runs in): it steps, resets and gives its maps and moves one call at a time";

  /// Makes `h` the batch's placer.
  void place_with(py::handle h) {
    if (!is_python_strategy(h)) {
      placer.emplace(any_placer<S>(h, failure)); // raises at once
      return;
    }
    PythonPlacer<S> made(h, failure);
    placer_held = made.references();
    placer.emplace(std::move(made));
  }
  int traverse(visitproc visit, void* arg) const {
    return placer_held ? placer_held->traverse(visit, arg) : 0;
  }
  void clear() {
    if (placer_held) placer_held->clear();
  }

  /// Game `which` of the batch: TypeError for what is not an int, IndexError (naming the value
  /// given, however large) for one outside the batch.
  std::size_t game(py::handle which) const {
    const long long g = index_argument(which, "env");
    if (g < 0 || static_cast<unsigned long long>(g) >= batch->size())
      throw py::index_error("env " + py::repr(which).cast<std::string>() + " of " +
                            std::to_string(batch->size()));
    return static_cast<std::size_t>(g);
  }
};

template <class T>
py::array_t<T> array_of(std::size_t n, auto value_at) {
  py::array_t<T> out(static_cast<py::ssize_t>(n));
  auto w = out.mutable_unchecked();
  for (std::size_t g = 0; g < n; ++g) w(static_cast<py::ssize_t>(g)) = value_at(g);
  return out;
}

template <class S>
void bind_solo_batch(py::module_& m) {
  using Box = SoloBatchBox<S>;
  using Int64s = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
  using Seeds = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;
  using Flags = py::array_t<bool, py::array::c_style | py::array::forcecast>;
  py::class_<Box>(m, ("SoloBatch_" + suffix<S>()).c_str(),
                  "Solo games stepped together (see battleship.envs.BattleshipVectorEnv).",
                  py::custom_type_setup(&collectable<Box>))
      .def(
          py::init([](int rows, int cols, const Fleet& fleet, const Rules& rules, std::size_t games,
                      int max_steps, py::handle placer, const std::vector<std::string>& teachers,
                      const std::vector<std::uint64_t>& seed_offsets) {
            if (teachers.size() != seed_offsets.size())
              throw py::value_error("one seed offset per teacher");
            auto box = std::make_unique<Box>();
            box->rows = rows;
            box->cols = cols;
            box->batch.emplace(Board<S>(S(rows, cols)), fleet, rules, games, max_steps);
            box->place_with(placer);
            for (std::size_t t = 0; t < teachers.size(); ++t)
              box->batch->add_teacher(make_shooter<S>(teachers[t]), seed_offsets[t]);
            return box;
          }),
          py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("games"),
          py::arg("max_steps"), py::arg("placer"), py::arg("teachers"), py::arg("seed_offsets"))
      .def(
          "suggest",
          [](Box& b, std::size_t t) {
            const InUse using_it(b.in_use, "vector env", Box::busy);
            if (t >= b.batch->teacher_count())
              throw py::index_error("teacher " + std::to_string(t) + " of " +
                                    std::to_string(b.batch->teacher_count()));
            return array_of<std::int64_t>(b.batch->size(), [&](std::size_t g) -> std::int64_t {
              if (b.batch->over(g)) return -1;
              return static_cast<std::int64_t>(b.batch->advice(g, t));
            });
          },
          py::arg("teacher"), "Each env's advice from teacher t (-1 where an env is over).")
      .def(
          "reset",
          [](Box& b, const Int64s& envs, const Seeds& seeds, const py::list& layouts) {
            const InUse using_it(b.in_use, "vector env", Box::busy);
            if (envs.size() != seeds.size() ||
                envs.size() != static_cast<py::ssize_t>(layouts.size()))
              throw py::value_error("reset needs one seed and one layout (or None) per env");
            const auto e = envs.unchecked<1>();
            const auto s = seeds.unchecked<1>();
            // Every fleet is laid out and checked before any env starts over: all or nothing.
            std::vector<Ocean<S>> oceans;
            oceans.reserve(static_cast<std::size_t>(e.shape(0)));
            for (py::ssize_t k = 0; k < e.shape(0); ++k) {
              b.game(py::int_(e(k)));
              const py::handle chosen = layouts[static_cast<std::size_t>(k)];
              if (!chosen.is_none()) {
                const Ocean<S>& layout = chosen.cast<const Handle<Ocean<S>>&>().get();
                try {
                  b.batch->check_layout(layout);
                } catch (const std::invalid_argument& error) {
                  throw py::value_error("env " + std::to_string(e(k)) + ": " + error.what());
                }
                oceans.push_back(layout);
              } else if (auto drawn = b.batch->lay_out(*b.placer, s(k))) {
                oceans.push_back(std::move(*drawn));
              } else {
                throw py::value_error("the placer could not lay out the fleet of env " +
                                      std::to_string(e(k)) + " on a " + std::to_string(b.rows) +
                                      " x " + std::to_string(b.cols) + " board");
              }
            }
            for (py::ssize_t k = 0; k < e.shape(0); ++k)
              b.batch->reset(static_cast<std::size_t>(e(k)), oceans[static_cast<std::size_t>(k)],
                             s(k));
          },
          py::arg("envs"), py::arg("seeds"), py::arg("layouts"),
          "Starts each env anew against its chosen layout, or one its seed draws; all or nothing.")
      .def(
          "step",
          [](Box& b, const Int64s& actions, const Flags& skip) {
            const InUse using_it(b.in_use, "vector env", Box::busy);
            SoloBatch<S>& batch = *b.batch;
            const auto n = static_cast<py::ssize_t>(batch.size());
            if (actions.ndim() != 1 || actions.shape(0) != n || skip.size() != n)
              throw py::value_error("step needs one action and one skip flag per env");
            const auto a = actions.unchecked<1>();
            const auto k = skip.unchecked<1>();
            for (py::ssize_t g = 0; g < n; ++g) { // every action checked before any shot
              if (k(g)) continue;
              if (a(g) < 0 || static_cast<std::size_t>(a(g)) >= batch.cells())
                throw py::value_error("env " + std::to_string(g) + ": action " +
                                      std::to_string(a(g)) + " is not a cell index from 0 to " +
                                      std::to_string(batch.cells() - 1));
              if (batch.over(static_cast<std::size_t>(g)))
                throw py::value_error("env " + std::to_string(g) + " is over: reset it first");
            }
            // What each env was told, for the info's "outcome" and "sunk_ship": its ShotResult
            // (-1 where skipped) and the ship a sinking names (-1 for none), as indices NumPy
            // looks names up with at once.
            py::array_t<py::ssize_t> results(n);
            py::array_t<py::ssize_t> sunk(n);
            auto r = results.mutable_unchecked<1>();
            auto s = sunk.mutable_unchecked<1>();
            for (py::ssize_t g = 0; g < n; ++g) {
              r(g) = -1;
              s(g) = -1;
              if (k(g)) continue;
              const ShotOutcome told =
                  batch.step(static_cast<std::size_t>(g), static_cast<std::size_t>(a(g)));
              r(g) = static_cast<py::ssize_t>(told.result);
              if (told.sank()) s(g) = told.ship;
            }
            return py::make_tuple(results, sunk);
          },
          py::arg("actions"), py::arg("skip"),
          "Fires each env's action, except where skipped; returns what each was told.")
      .def(
          "probability_maps",
          [](Box& b, unsigned threads) {
            const InUse using_it(b.in_use, "vector env", Box::busy);
            if (!b.posteriors) b.posteriors.emplace(b.batch->size());
            const std::size_t n = b.batch->size();
            py::array_t<double> out({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(b.rows),
                                     static_cast<py::ssize_t>(b.cols)});
            const std::span<double> maps(out.mutable_data(), n * b.batch->cells());
            // Off this thread, so that Ctrl-C stops it (256 envs on 32 x 32 take 9 s), each env's
            // posterior then caught up or left as it was. The GIL is kept: released, another
            // Python thread could step or reset this batch meanwhile.
            run_stoppable(
                [&](const std::atomic<bool>* stop) {
                  return b.posteriors->probability_maps(*b.batch, maps, threads, stop);
                },
                false);
            return out;
          },
          py::arg("threads"),
          "Every env's probability map, over threads (0: every core); Ctrl-C stops it.")
      .def("codes",
           [](const Box& b) {
             const auto& codes = b.batch->all_codes();
             py::array_t<std::int8_t> out({static_cast<py::ssize_t>(b.batch->size()),
                                           static_cast<py::ssize_t>(b.rows),
                                           static_cast<py::ssize_t>(b.cols)});
             std::copy(codes.begin(), codes.end(), out.mutable_data());
             return out;
           })
      .def("afloat",
           [](const Box& b) {
             const auto& afloat = b.batch->all_afloat();
             py::array_t<std::int8_t> out({static_cast<py::ssize_t>(b.batch->size()),
                                           static_cast<py::ssize_t>(b.batch->ship_count())});
             std::copy(afloat.begin(), afloat.end(), out.mutable_data());
             return out;
           })
      .def("terminated",
           [](const Box& b) {
             return array_of<bool>(b.batch->size(), [&](auto g) { return b.batch->terminated(g); });
           })
      .def("truncated",
           [](const Box& b) {
             return array_of<bool>(b.batch->size(), [&](auto g) { return b.batch->truncated(g); });
           })
      .def("steps",
           [](const Box& b) {
             return array_of<std::int64_t>(b.batch->size(),
                                           [&](auto g) { return b.batch->steps(g); });
           })
      .def("shots",
           [](const Box& b) {
             return array_of<std::int64_t>(b.batch->size(),
                                           [&](auto g) { return b.batch->view(g).shots_fired(); });
           })
      .def("ocean", // arguments as handles (index_argument says why)
           [](py::handle self, py::handle g) {
             auto& b = self.cast<Box&>();
             const auto& ocean = b.batch->ocean(b.game(g));
             Handle<Ocean<S>> out(const_cast<Ocean<S>*>(&ocean), false, "an env's ocean");
             out.keep(py::reinterpret_borrow<py::object>(self)); // not keep_alive: collectable
             return out;
           })
      .def("view", [](py::handle self, py::handle g) {
        auto& b = self.cast<Box&>();
        const auto& view = b.batch->view(b.game(g));
        Handle<TargetView<S>> out(const_cast<TargetView<S>*>(&view), false, "an env's view");
        out.keep(py::reinterpret_borrow<py::object>(self));
        return out;
      });
}
} // namespace

void register_solo_batch(py::module_& m) {
  for_each_shape([&]<class S>() { bind_solo_batch<S>(m); });
}
} // namespace bsp
