//! The trail: every word a change overwrites, with its old value, so that search can
//! return to an earlier state by undoing changes instead of copying the store.

use crate::domain::Domains;

/// Old values of overwritten words, newest last; recorded only while on.
#[derive(Default)]
pub(crate) struct Trail {
    entries: Vec<(u32, u64)>,
    on: bool,
}

impl Trail {
    /// Whether changes are recorded.
    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        self.on
    }

    /// Start or stop recording.
    pub(crate) fn set_on(&mut self, on: bool) {
        self.on = on;
    }

    /// Record that the word at `offset` held `old` before a change.
    #[inline]
    pub(crate) fn record(&mut self, offset: usize, old: u64) {
        if self.on {
            self.entries.push((offset as u32, old));
        }
    }

    /// A point to return to with [`Trail::undo_to`].
    pub(crate) fn mark(&self) -> usize {
        self.entries.len()
    }

    /// Undo every change recorded after `mark`, newest first.
    pub(crate) fn undo_to(&mut self, domains: &mut Domains, mark: usize) {
        let words = domains.store_mut();
        for (offset, old) in self.entries.drain(mark..).rev() {
            words[offset as usize] = old;
        }
    }

    /// Forget everything recorded and stop recording.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.on = false;
    }
}
