//! Typed `u32` entity ids and the dense maps keyed by them.
//!
//! Every IR object (value, instruction, block, type, constant, global, function, metadata node) is named by a
//! small copyable id that indexes a dense vector. This keeps the IR cache-friendly, makes ids cheap to store in
//! side tables, and lets analyses use [`SecondaryMap`] instead of hash maps.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// An id that can index a dense map.
pub trait EntityRef: Copy + Eq + fmt::Debug {
    /// Creates the id with the given dense index.
    fn new(index: usize) -> Self;
    /// The dense index of this id.
    fn index(self) -> usize;
}

/// Defines a `u32` newtype id implementing [`EntityRef`], printed as `prefix` followed by the index.
#[macro_export]
macro_rules! define_id {
    ($(#[$attr:meta])* $name:ident, $prefix:expr) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                $name(index as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $name {
            /// The raw `u32` behind this id.
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }
            /// Rebuilds an id from its raw `u32`.
            #[inline]
            pub fn from_u32(raw: u32) -> Self {
                $name(raw)
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

/// A map that owns its entities: pushing a value allocates the next id.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PrimaryMap<K: EntityRef, V> {
    elems: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V> PrimaryMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        PrimaryMap { elems: Vec::new(), _k: PhantomData }
    }
    /// An empty map with room for `n` entities.
    pub fn with_capacity(n: usize) -> Self {
        PrimaryMap { elems: Vec::with_capacity(n), _k: PhantomData }
    }
    /// Adds `v` and returns its new id.
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.elems.len());
        self.elems.push(v);
        k
    }
    /// The number of entities.
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    /// True when no entity was allocated.
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
    /// Reserves room for `n` more entities.
    pub fn reserve(&mut self, n: usize) {
        self.elems.reserve(n);
    }
    /// The id the next `push` will return.
    pub fn next_key(&self) -> K {
        K::new(self.elems.len())
    }
    /// Whether `k` was allocated by this map.
    pub fn is_valid(&self, k: K) -> bool {
        k.index() < self.elems.len()
    }
    /// The entity `k`, if allocated.
    pub fn get(&self, k: K) -> Option<&V> {
        self.elems.get(k.index())
    }
    /// The entity `k` mutably, if allocated.
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.elems.get_mut(k.index())
    }
    /// All ids in allocation order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator + use<K, V> {
        (0..self.elems.len()).map(K::new)
    }
    /// All entities in allocation order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.elems.iter()
    }
    /// All `(id, entity)` pairs in allocation order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> + ExactSizeIterator {
        self.elems.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// All `(id, entity)` pairs, mutably.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (K, &mut V)> + ExactSizeIterator {
        self.elems.iter_mut().enumerate().map(|(i, v)| (K::new(i), v))
    }
}

impl<K: EntityRef, V> Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.elems[k.index()]
    }
}
impl<K: EntityRef, V> IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.elems[k.index()]
    }
}

impl<K: EntityRef, V: fmt::Debug> fmt::Debug for PrimaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A side table keyed by ids of another map; missing entries read as the default value.
#[derive(Clone)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    elems: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    /// An empty map whose missing entries read as `V::default()`.
    pub fn new() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose missing entries read as `default`.
    pub fn with_default(default: V) -> Self {
        SecondaryMap { elems: Vec::new(), default, _k: PhantomData }
    }
    /// An map pre-sized for `n` ids, every entry `default`.
    pub fn with_capacity_default(n: usize, default: V) -> Self {
        SecondaryMap { elems: vec![default.clone(); n], default, _k: PhantomData }
    }
    /// The entry for `k` (the default when never set).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.elems.get(k.index()).unwrap_or(&self.default)
    }
    /// Sets the entry for `k`.
    #[inline]
    pub fn set(&mut self, k: K, v: V) {
        *self.entry(k) = v;
    }
    /// The entry for `k`, grown with defaults as needed.
    #[inline]
    pub fn entry(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        &mut self.elems[i]
    }
    /// Reserves storage for `n` more entries than are stored now.
    pub fn reserve(&mut self, n: usize) {
        self.elems.reserve(n);
    }
    /// Resets every entry to the default.
    pub fn clear(&mut self) {
        self.elems.clear();
    }
    /// The ids that have storage (set or grown past), with their entries.
    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.elems.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
}

impl<K: EntityRef, V: Clone> Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.get(k)
    }
}
impl<K: EntityRef, V: Clone> IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        self.entry(k)
    }
}

impl<K: EntityRef, V: Clone + fmt::Debug> fmt::Debug for SecondaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
