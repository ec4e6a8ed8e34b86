"""The compiled part of the advisor engine; everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension(
                "advisor.engine._core",
                ["advisor/engine/_core.pyx"],
                include_dirs=["advisor/engine"],
                depends=["advisor/engine/_flat.h", "advisor/engine/_layout.pxi"],
                language="c++",
                extra_compile_args=["-O2", "-g", "-std=c++17"],
            ),
            Extension(
                "advisor.outlook._masks",
                ["advisor/outlook/_masks.pyx"],
                language="c++",
                # no fused multiply-adds: the look-ahead's sums round as Python's do
                extra_compile_args=["-O2", "-std=c++17", "-ffp-contract=off"],
            ),
            Extension(
                "solver._place_dp",
                ["solver/_place_dp.pyx"],
                language="c++",
                extra_compile_args=["-O2", "-std=c++17"],
            ),
        ],
        compiler_directives={"language_level": "3"},
    )
)
