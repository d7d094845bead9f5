//! The IR passes, one file each.

pub mod dce;
pub mod verify;
