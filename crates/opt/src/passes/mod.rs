//! The IR passes, one file each.

pub mod bypass_slow_division;
pub mod cssa;
pub mod dce;
pub mod expand_reductions;
pub mod gep_reassociate;
pub mod licm;
pub mod load_store_vectorize;
pub mod lower_mem_intrinsics;
pub mod lower_switch;
pub mod lsr;
pub mod nvvm_reflect;
pub mod simplifycfg;
pub mod structured_layout;
pub mod structurizecfg;
pub mod unify_exits;
pub mod util;
pub mod verify;
