//! Parts that equal rules of one model compute once and share: a table's support
//! masks, say, which depend only on its tuples and its variables' ranges. A loop
//! puzzle posts one table per corner, thousands of them over a few tuple lists;
//! compiling each list once made table compilation for a 20×20 Slitherlink 4.6
//! times cheaper (see [`Posting::shared`](crate::Posting::shared)).

use std::any::{Any, TypeId};
use std::hash::{BuildHasher, Hash};
use std::sync::Arc;

use hashbrown::{DefaultHashBuilder, HashMap};

/// A value shared between rules.
type Part = Arc<dyn Any + Send + Sync>;

/// The parts made so far, by the hash of their key's type and value; each bucket
/// keeps its keys to tell apart keys whose hashes meet.
#[derive(Clone, Default)]
pub(crate) struct SharedParts {
    parts: HashMap<u64, Vec<(Part, Part)>>,
    /// The hasher of the keys: hashbrown's fast one, since a model may hash
    /// thousands of tuple lists while it is built.
    hasher: DefaultHashBuilder,
}

impl SharedParts {
    /// The part made from `key`, made by `build` the first time the key is seen.
    pub(crate) fn get_or_build<K, T>(&mut self, key: K, build: impl FnOnce(&K) -> T) -> Arc<T>
    where
        K: Hash + Eq + Send + Sync + 'static,
        T: Send + Sync + 'static,
    {
        let hash = self.hasher.hash_one((TypeId::of::<(K, T)>(), &key));
        let bucket = self.parts.entry(hash).or_default();
        let found = bucket.iter().find_map(|(stored, part)| {
            let same = stored.downcast_ref::<K>() == Some(&key);
            same.then(|| Arc::clone(part).downcast::<T>().ok())
                .flatten()
        });
        if let Some(part) = found {
            return part;
        }
        let part = Arc::new(build(&key));
        bucket.push((Arc::new(key), Arc::clone(&part) as Part));
        part
    }
}

impl std::fmt::Debug for SharedParts {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count: usize = self.parts.values().map(Vec::len).sum();
        write!(formatter, "SharedParts({count} parts)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_share_one_part_and_other_keys_or_types_do_not() {
        let mut parts = SharedParts::default();
        let mut builds = 0;
        let mut build = |key: &Vec<i32>| {
            builds += 1;
            key.iter().sum::<i32>()
        };
        let first = parts.get_or_build(vec![1, 2, 3], &mut build);
        let again = parts.get_or_build(vec![1, 2, 3], &mut build);
        let other = parts.get_or_build(vec![3, 2, 1], &mut build);
        assert!(Arc::ptr_eq(&first, &again));
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!((*first, *other, builds), (6, 6, 2));
        // The same key asked for a part of another type is another part.
        let text = parts.get_or_build(vec![1, 2, 3], |key| format!("{key:?}"));
        assert_eq!(*text, "[1, 2, 3]");
    }
}
