// The standard headers and nlohmann/json that the judge's own objects share, parsed once per
// build into a clang precompiled header (mk/quick.mk), its templates instantiated there once
// rather than in every object. Nothing includes this file: the build passes it with -include-pch,
// so each source still includes what it uses.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>
