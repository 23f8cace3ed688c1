"""C++ members reached through a project's own class templates, as marisa-trie writes them: a field
declared `Vector<Cache> cache_` (`template <typename T> class Vector` with `T &operator[](…)` and
`T &back()`), so `cache_[i].set_parent(…)` and `cache_.back().parent()` are Cache's members, and a plain
array of a class (`Cache caches[4]`) indexes to that class; and a class named through a using-declaration
in a nested namespace (`namespace grimoire { using io::Mapper; }`), written qualified from the enclosing
namespace (`grimoire::Mapper mapper;` in namespace marisa), so `mapper.open(…)` is the Mapper's."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

FILES = {
    "lib/marisa/grimoire/vector/vector.h": """#ifndef MARISA_GRIMOIRE_VECTOR_VECTOR_H_
#define MARISA_GRIMOIRE_VECTOR_VECTOR_H_

namespace marisa {
namespace grimoire {
namespace vector {

template <typename T>
class Vector {
 public:
  Vector() : objs_(NULL), size_(0) {}

  const T &operator[](std::size_t i) const {
    return objs_[i];
  }
  T &operator[](std::size_t i) {
    return objs_[i];
  }
  T &back() {
    return objs_[size_ - 1];
  }

 private:
  T *objs_;
  std::size_t size_;
};

}  // namespace vector
}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_VECTOR_VECTOR_H_
""",
    "lib/marisa/grimoire/io/mapper.h": """#ifndef MARISA_GRIMOIRE_IO_MAPPER_H_
#define MARISA_GRIMOIRE_IO_MAPPER_H_

namespace marisa {
namespace grimoire {
namespace io {

class Mapper {
 public:
  Mapper();
  void open(const char *filename);
  void open(const void *ptr, std::size_t size);
};

}  // namespace io
}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_IO_MAPPER_H_
""",
    "lib/marisa/grimoire/io.h": """#ifndef MARISA_GRIMOIRE_IO_H_
#define MARISA_GRIMOIRE_IO_H_

#include "marisa/grimoire/io/mapper.h"

namespace marisa {
namespace grimoire {

using io::Mapper;

}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_IO_H_
""",
    "lib/marisa/grimoire/io/mapper.cc": """#include "marisa/grimoire/io/mapper.h"

namespace marisa {
namespace grimoire {
namespace io {

Mapper::Mapper() {}

void Mapper::open(const char *filename) {
}

void Mapper::open(const void *ptr, std::size_t size) {
}

}  // namespace io
}  // namespace grimoire
}  // namespace marisa
""",
    "lib/marisa/grimoire/trie/cache.h": """#ifndef MARISA_GRIMOIRE_TRIE_CACHE_H_
#define MARISA_GRIMOIRE_TRIE_CACHE_H_

namespace marisa {
namespace grimoire {
namespace trie {

class Cache {
 public:
  void set_parent(std::size_t parent) {
    parent_ = (UInt32)parent;
  }
  std::size_t parent() const {
    return parent_;
  }

 private:
  UInt32 parent_;
};

}  // namespace trie
}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_TRIE_CACHE_H_
""",
    "lib/marisa/grimoire/trie/louds-trie.cc": """#include "marisa/grimoire/vector/vector.h"
#include "marisa/grimoire/trie/cache.h"

namespace marisa {
namespace grimoire {
namespace trie {

class LoudsTrie {
 public:
  void fill_cache(std::size_t parent);
  std::size_t last_parent();
  std::size_t first_parent();

 private:
  vector::Vector<Cache> cache_;
  Cache spare_[4];
};

void LoudsTrie::fill_cache(std::size_t parent) {
  cache_[parent].set_parent(parent);
  spare_[0].set_parent(parent);
}

std::size_t LoudsTrie::last_parent() {
  return cache_.back().parent();
}

std::size_t LoudsTrie::first_parent() {
  return spare_[0].parent();
}

}  // namespace trie
}  // namespace grimoire
}  // namespace marisa
""",
    "lib/marisa/trie.cc": """#include "marisa/grimoire/io.h"

namespace marisa {

void mmap(const char *filename) {
  grimoire::Mapper mapper;
  mapper.open(filename);
}

}  // namespace marisa
""",
}




def test_a_subscript_and_a_member_of_a_class_template_give_its_type_argument(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    louds, cache = "lib/marisa/grimoire/trie/louds-trie.cc", "lib/marisa/grimoire/trie/cache.h"
    assert _targets(work, louds, "cache_[parent].set_parent") == {("inferred", cache, 10)}
    assert _targets(work, louds, "cache_.back().parent") == {("inferred", cache, 13)}


def test_a_subscript_of_an_array_of_a_class_is_that_class(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    louds, cache = "lib/marisa/grimoire/trie/louds-trie.cc", "lib/marisa/grimoire/trie/cache.h"
    assert _targets(work, louds, "spare_[0].set_parent") == {("inferred", cache, 10)}
    assert _targets(work, louds, "spare_[0].parent") == {("inferred", cache, 13)}


def test_a_class_named_by_a_using_declaration_is_found_written_qualified(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "lib/marisa/trie.cc", "mapper.open") == {("inferred", "lib/marisa/grimoire/io/mapper.cc", 9)}


TWO_HEADERS = {
    # marisa-trie: trie.cc includes both `marisa/trie.h` (the public class) and `marisa/grimoire/trie.h`
    "include/marisa/scoped-ptr.h": """#ifndef MARISA_SCOPED_PTR_H_
#define MARISA_SCOPED_PTR_H_

namespace marisa {

template <typename T>
class scoped_ptr {
 public:
  scoped_ptr() : ptr_(NULL) {}
  explicit scoped_ptr(T *ptr) : ptr_(ptr) {}

  T *operator->() const {
    return ptr_;
  }
  T *get() const {
    return ptr_;
  }
  void swap(scoped_ptr &rhs) {
    T *temp = ptr_;
    ptr_ = rhs.ptr_;
    rhs.ptr_ = temp;
  }

 private:
  T *ptr_;
};

}  // namespace marisa

#endif  // MARISA_SCOPED_PTR_H_
""",
    "include/marisa/trie.h": """#ifndef MARISA_TRIE_H_
#define MARISA_TRIE_H_

#include "marisa/scoped-ptr.h"

namespace marisa {
namespace grimoire {
namespace trie {

class LoudsTrie;

}  // namespace trie
}  // namespace grimoire

class Trie {
 public:
  void build(int config_flags);
  std::size_t num_keys() const;

 private:
  scoped_ptr<grimoire::trie::LoudsTrie> trie_;
};

}  // namespace marisa

#endif  // MARISA_TRIE_H_
""",
    "lib/marisa/grimoire/trie/louds-trie.h": """#ifndef MARISA_GRIMOIRE_TRIE_LOUDS_TRIE_H_
#define MARISA_GRIMOIRE_TRIE_LOUDS_TRIE_H_

namespace marisa {
namespace grimoire {
namespace trie {

class LoudsTrie {
 public:
  void build(int flags);
  std::size_t num_keys() const {
    return 0;
  }
};

}  // namespace trie
}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_TRIE_LOUDS_TRIE_H_
""",
    "lib/marisa/grimoire/trie.h": """#ifndef MARISA_GRIMOIRE_TRIE_H_
#define MARISA_GRIMOIRE_TRIE_H_

#include "marisa/grimoire/trie/louds-trie.h"

namespace marisa {
namespace grimoire {

using trie::LoudsTrie;

}  // namespace grimoire
}  // namespace marisa

#endif  // MARISA_GRIMOIRE_TRIE_H_
""",
    "lib/marisa/trie.cc": """#include "marisa/trie.h"
#include "marisa/grimoire/trie.h"

namespace marisa {

void Trie::build(int config_flags) {
  scoped_ptr<grimoire::LoudsTrie> temp(new (std::nothrow) grimoire::LoudsTrie);
  temp->build(config_flags);
  trie_.swap(temp);
}

std::size_t Trie::num_keys() const {
  MARISA_THROW_IF(trie_.get() == NULL, MARISA_STATE_ERROR);
  return trie_->num_keys();
}

}  // namespace marisa
""",
}


def test_two_includes_of_the_same_file_name_are_both_read(tmp_path):
    work = indexed_workspace(tmp_path, TWO_HEADERS)
    path, ptr = "lib/marisa/trie.cc", "include/marisa/scoped-ptr.h"
    assert _targets(work, path, "trie_.swap") == {("inferred", ptr, 18)}
    assert _targets(work, path, "trie_.get") == {("inferred", ptr, 15)}
    assert _targets(work, path, "trie_->num_keys") == {("inferred", "lib/marisa/grimoire/trie/louds-trie.h", 11)}


def test_a_holder_field_of_another_object_calls_the_holder_s_own_members(tmp_path):
    files = dict(TWO_HEADERS)
    files["lib/marisa/trie.cc"] = files["lib/marisa/trie.cc"].replace("}  // namespace marisa\n", """class TrieIO {
 public:
  static void fread(Trie *trie);
};

void TrieIO::fread(Trie *trie) {
  scoped_ptr<grimoire::LoudsTrie> temp(new (std::nothrow) grimoire::LoudsTrie);
  trie->trie_.swap(temp);
}

}  // namespace marisa
""")
    work = indexed_workspace(tmp_path, files)
    assert _targets(work, "lib/marisa/trie.cc", "trie->trie_.swap") == {("inferred", "include/marisa/scoped-ptr.h", 18)}
