//! [`Paged`]: a copy of some units, or zeros, that starts on a page boundary.
//! The benchmarks and `examples/instructions.rs` put every input and output
//! there: where the allocator happens to put a buffer (any 16-byte offset
//! within a page) moved both libraries by up to 1.75x and the ratio between
//! them by a quarter.
#![allow(dead_code)] // Not every user needs every constructor.

/// `len` units from a page boundary of a larger vector.
pub struct Paged<T> {
    v: Vec<T>,
    at: usize,
    len: usize,
}

impl<T: Copy + Default> Paged<T> {
    /// A copy of `units` that starts on a page boundary.
    pub fn of(units: &[T]) -> Self {
        const PAGE: usize = 4096;
        let size = std::mem::size_of::<T>();
        let mut v = vec![T::default(); units.len() + PAGE / size];
        let at = (PAGE - v.as_ptr() as usize % PAGE) % PAGE / size;
        v[at..at + units.len()].copy_from_slice(units);
        Paged {
            v,
            at,
            len: units.len(),
        }
    }

    /// `len` zeros (default units) from a page boundary.
    pub fn zeros(len: usize) -> Self {
        Self::zeros_past(len, 0)
    }

    /// `len` zeros (default units) from `skip` units past a page boundary:
    /// an output whose addresses differ from the input's in their low twelve
    /// bits (4K aliasing: a load waits for an earlier store to an address
    /// with the same low bits).
    pub fn zeros_past(len: usize, skip: usize) -> Self {
        let mut paged = Self::of(&vec![T::default(); len + skip]);
        paged.at += skip;
        paged.len = len;
        paged
    }
}

impl<T> std::ops::Deref for Paged<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.v[self.at..self.at + self.len]
    }
}

impl<T> std::ops::DerefMut for Paged<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.v[self.at..self.at + self.len]
    }
}
