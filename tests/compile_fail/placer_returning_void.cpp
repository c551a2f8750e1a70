// Must not compile: a placer must report whether it placed the fleet (bool), so one returning
// void is not a PlacementStrategy.
// compile-fail-expect: conversion from .*Silent.* to .*AnyPlacementStrategy
#include <battleship/strategy.hpp>

using S = battleship::ClassicShape;

struct Silent {
  void place(battleship::Ocean<S>&, battleship::Rng&) {}
};

int main() {
  battleship::AnyPlacementStrategy<S> placer = Silent{};
  (void)placer;
}
