// Must not compile: a placer is not a shooter, so it cannot be held by AnyShotStrategy.
// compile-fail-expect: conversion from .*UniformPlacer.* to .*AnyShotStrategy
#include <battleship/placement/uniform.hpp>
#include <battleship/strategy.hpp>

using S = battleship::ClassicShape;

int main() {
  battleship::AnyShotStrategy<S> shooter = battleship::UniformPlacer<S>{};
  (void)shooter;
}
