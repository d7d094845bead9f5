//! A scoped hash table for dominator-tree walks (value numbering in `gvn-cse` and `late-commoning`): entries
//! added in a scope are undone when the walk leaves it.
//!
//! Each key is stored once, in an arena that grows and shrinks with the scopes; the hash table holds the key's
//! arena index and the value, and the undo log holds indices and replaced values. The former layout (a
//! `HashMap<Key, V>` plus an undo log of `(Key, Option<V>)`) stored every key twice and cloned it on every
//! insertion: on a generated 200k-instruction function `late-commoning`'s keys were the compile's peak memory.
//!
//! Invariant: the undo log is replayed in reverse order (LIFO), so a key pushed to the arena is always the last
//! one when the entry that owns it is removed.

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

enum Undo<V> {
    /// The entry of the arena's last key was inserted: remove it (and the key).
    Remove,
    /// The entry whose key is at this index had this value before.
    Restore(u32, V),
}

/// A hash table with scopes: [`ScopedTable::mark`] opens one, [`ScopedTable::rollback`] undoes every
/// insertion made since.
pub struct ScopedTable<K, V> {
    keys: Vec<K>,
    table: HashTable<(u32, V)>,
    undo: Vec<Undo<V>>,
}

impl<K: Hash + Eq, V: Copy> Default for ScopedTable<K, V> {
    fn default() -> Self {
        ScopedTable { keys: Vec::new(), table: HashTable::new(), undo: Vec::new() }
    }
}

impl<K: Hash + Eq, V: Copy> ScopedTable<K, V> {
    fn hash(k: &K) -> u64 {
        FxBuildHasher.hash_one(k)
    }

    /// The value of `k`.
    pub fn get(&self, k: &K) -> Option<&V> {
        let keys = &self.keys;
        self.table.find(Self::hash(k), |(id, _)| keys[*id as usize] == *k).map(|(_, v)| v)
    }

    /// Sets `k` to `v` (undone by a rollback to an earlier mark).
    pub fn insert(&mut self, k: K, v: V) {
        let h = Self::hash(&k);
        let keys = &self.keys;
        if let Some((id, old)) = self.table.find_mut(h, |(id, _)| keys[*id as usize] == k) {
            self.undo.push(Undo::Restore(*id, *old));
            *old = v;
            return;
        }
        let id = self.keys.len() as u32;
        self.keys.push(k);
        let keys = &self.keys;
        self.table.insert_unique(h, (id, v), |(id, _)| Self::hash(&keys[*id as usize]));
        self.undo.push(Undo::Remove);
    }

    /// The current scope position, for [`ScopedTable::rollback`].
    pub fn mark(&self) -> usize {
        self.undo.len()
    }

    /// Undoes every insertion made after `mark` (nothing when the table was cleared since).
    pub fn rollback(&mut self, mark: usize) {
        while self.undo.len() > mark {
            match self.undo.pop().expect("undo entry") {
                Undo::Remove => {
                    let k = self.keys.pop().expect("key of the last insertion");
                    let id = self.keys.len() as u32;
                    if let Ok(e) = self.table.find_entry(Self::hash(&k), |(i, _)| *i == id) {
                        e.remove();
                    }
                }
                Undo::Restore(id, old) => {
                    let h = Self::hash(&self.keys[id as usize]);
                    if let Some((_, v)) = self.table.find_mut(h, |(i, _)| *i == id) {
                        *v = old;
                    }
                }
            }
        }
    }

    /// Removes everything (the scopes too).
    pub fn clear(&mut self) {
        self.keys.clear();
        self.table.clear();
        self.undo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::ScopedTable;

    #[test]
    fn scopes_undo_insertions_and_overwrites() {
        let mut t: ScopedTable<String, u32> = ScopedTable::default();
        t.insert("a".into(), 1);
        let outer = t.mark();
        t.insert("b".into(), 2);
        t.insert("a".into(), 3);
        let inner = t.mark();
        t.insert("c".into(), 4);
        t.insert("a".into(), 5);
        assert_eq!((t.get(&"a".into()), t.get(&"c".into())), (Some(&5), Some(&4)));
        t.rollback(inner);
        assert_eq!((t.get(&"a".into()), t.get(&"b".into()), t.get(&"c".into())), (Some(&3), Some(&2), None));
        t.rollback(outer);
        assert_eq!((t.get(&"a".into()), t.get(&"b".into())), (Some(&1), None));
        t.clear();
        assert_eq!(t.get(&"a".into()), None);
        t.rollback(outer);
        assert_eq!(t.mark(), 0);
    }

    #[test]
    fn many_keys_survive_rehashing() {
        let mut t: ScopedTable<u64, u64> = ScopedTable::default();
        let m = t.mark();
        for k in 0..10_000u64 {
            t.insert(k % 7_001, k);
        }
        for k in 0..7_001u64 {
            let last = if k + 7_001 < 10_000 { k + 7_001 } else { k };
            assert_eq!(t.get(&k), Some(&last));
        }
        t.rollback(m);
        assert!((0..7_001u64).all(|k| t.get(&k).is_none()));
    }
}
