//! Block and instruction order, kept apart from instruction data.
//!
//! Blocks form a doubly linked list in function order; each block holds a doubly linked list of its
//! instructions. Every insertion, removal and move is O(1), so passes that split blocks or move instructions never
//! pay for the function's size.

use crate::entity::SecondaryMap;
use crate::inst::Inst;

crate::define_id!(
    /// A basic block.
    Block,
    "bb"
);

#[derive(Clone, Copy, Debug, Default)]
struct BlockNode {
    prev: Option<Block>,
    next: Option<Block>,
    first: Option<Inst>,
    last: Option<Inst>,
    inserted: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct InstNode {
    block: Option<Block>,
    prev: Option<Inst>,
    next: Option<Inst>,
}

/// The order of blocks in a function and of instructions in blocks.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    blocks: SecondaryMap<Block, BlockNode>,
    insts: SecondaryMap<Inst, InstNode>,
    first_block: Option<Block>,
    last_block: Option<Block>,
    num_blocks: usize,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self::default()
    }
    /// Reserves room for about `insts` more instructions.
    pub fn reserve_insts(&mut self, insts: usize) {
        self.insts.reserve(insts);
    }

    /// The entry block (the first in order).
    pub fn entry_block(&self) -> Option<Block> {
        self.first_block
    }
    /// The last block in order.
    pub fn last_block(&self) -> Option<Block> {
        self.last_block
    }
    /// Number of blocks in the layout.
    pub fn num_blocks(&self) -> usize {
        self.num_blocks
    }
    /// Whether `b` is in the layout.
    pub fn is_block_inserted(&self, b: Block) -> bool {
        self.blocks[b].inserted
    }
    /// Appends `b` at the end of the function.
    pub fn append_block(&mut self, b: Block) {
        debug_assert!(!self.is_block_inserted(b), "block already inserted");
        let prev = self.last_block;
        *self.blocks.entry(b) = BlockNode { prev, next: None, first: None, last: None, inserted: true };
        match prev {
            Some(p) => self.blocks.entry(p).next = Some(b),
            None => self.first_block = Some(b),
        }
        self.last_block = Some(b);
        self.num_blocks += 1;
    }
    /// Inserts `b` right after `after`.
    pub fn insert_block_after(&mut self, b: Block, after: Block) {
        debug_assert!(!self.is_block_inserted(b) && self.is_block_inserted(after));
        let next = self.blocks[after].next;
        *self.blocks.entry(b) = BlockNode { prev: Some(after), next, first: None, last: None, inserted: true };
        self.blocks.entry(after).next = Some(b);
        match next {
            Some(n) => self.blocks.entry(n).prev = Some(b),
            None => self.last_block = Some(b),
        }
        self.num_blocks += 1;
    }
    /// Inserts `b` right before `before`.
    pub fn insert_block_before(&mut self, b: Block, before: Block) {
        debug_assert!(!self.is_block_inserted(b) && self.is_block_inserted(before));
        let prev = self.blocks[before].prev;
        *self.blocks.entry(b) = BlockNode { prev, next: Some(before), first: None, last: None, inserted: true };
        self.blocks.entry(before).prev = Some(b);
        match prev {
            Some(p) => self.blocks.entry(p).next = Some(b),
            None => self.first_block = Some(b),
        }
        self.num_blocks += 1;
    }
    /// Removes `b` from the order; its instructions stay attached to it.
    pub fn remove_block(&mut self, b: Block) {
        debug_assert!(self.is_block_inserted(b));
        let BlockNode { prev, next, .. } = self.blocks[b];
        match prev {
            Some(p) => self.blocks.entry(p).next = next,
            None => self.first_block = next,
        }
        match next {
            Some(n) => self.blocks.entry(n).prev = prev,
            None => self.last_block = prev,
        }
        let node = self.blocks.entry(b);
        node.inserted = false;
        node.prev = None;
        node.next = None;
        self.num_blocks -= 1;
    }
    /// Re-links the inserted blocks in the order `order` (a permutation of them); each block keeps its
    /// instructions. Linear.
    pub fn set_block_order(&mut self, order: &[Block]) {
        assert_eq!(order.len(), self.num_blocks, "set_block_order: not a permutation of the blocks");
        let mut prev: Option<Block> = None;
        for &b in order {
            debug_assert!(self.is_block_inserted(b), "set_block_order: block not in the layout");
            let node = self.blocks.entry(b);
            node.prev = prev;
            node.next = None;
            match prev {
                Some(p) => self.blocks.entry(p).next = Some(b),
                None => self.first_block = Some(b),
            }
            prev = Some(b);
        }
        self.last_block = prev;
    }
    /// The block after `b`.
    pub fn next_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].next
    }
    /// The block before `b`.
    pub fn prev_block(&self, b: Block) -> Option<Block> {
        self.blocks[b].prev
    }
    /// Blocks in order.
    pub fn blocks(&self) -> BlockIter<'_> {
        BlockIter { layout: self, next: self.first_block }
    }

    /// The block containing `i`, if inserted.
    pub fn inst_block(&self, i: Inst) -> Option<Block> {
        self.insts[i].block
    }
    /// First instruction of `b`.
    pub fn first_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].first
    }
    /// Last instruction of `b` (its terminator in a well-formed function).
    pub fn last_inst(&self, b: Block) -> Option<Inst> {
        self.blocks[b].last
    }
    /// The instruction after `i` in its block.
    pub fn next_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].next
    }
    /// The instruction before `i` in its block.
    pub fn prev_inst(&self, i: Inst) -> Option<Inst> {
        self.insts[i].prev
    }
    /// Instructions of `b` in order.
    pub fn block_insts(&self, b: Block) -> InstIter<'_> {
        InstIter { layout: self, next: self.blocks[b].first, back: self.blocks[b].last, done: false }
    }
    /// Appends `i` at the end of `b`.
    pub fn append_inst(&mut self, i: Inst, b: Block) {
        debug_assert!(self.insts[i].block.is_none(), "instruction already inserted");
        let last = self.blocks[b].last;
        *self.insts.entry(i) = InstNode { block: Some(b), prev: last, next: None };
        match last {
            Some(l) => self.insts.entry(l).next = Some(i),
            None => self.blocks.entry(b).first = Some(i),
        }
        self.blocks.entry(b).last = Some(i);
    }
    /// Inserts `i` before `before`.
    pub fn insert_inst_before(&mut self, i: Inst, before: Inst) {
        debug_assert!(self.insts[i].block.is_none(), "instruction already inserted");
        let b = self.insts[before].block.expect("insertion point not inserted");
        let prev = self.insts[before].prev;
        *self.insts.entry(i) = InstNode { block: Some(b), prev, next: Some(before) };
        self.insts.entry(before).prev = Some(i);
        match prev {
            Some(p) => self.insts.entry(p).next = Some(i),
            None => self.blocks.entry(b).first = Some(i),
        }
    }
    /// Inserts `i` after `after`.
    pub fn insert_inst_after(&mut self, i: Inst, after: Inst) {
        match self.insts[after].next {
            Some(n) => self.insert_inst_before(i, n),
            None => {
                let b = self.insts[after].block.expect("insertion point not inserted");
                self.append_inst(i, b)
            }
        }
    }
    /// Inserts `i` at the start of `b`.
    pub fn prepend_inst(&mut self, i: Inst, b: Block) {
        match self.blocks[b].first {
            Some(f) => self.insert_inst_before(i, f),
            None => self.append_inst(i, b),
        }
    }
    /// Removes `i` from its block.
    pub fn remove_inst(&mut self, i: Inst) {
        let InstNode { block, prev, next } = self.insts[i];
        let b = block.expect("instruction not inserted");
        match prev {
            Some(p) => self.insts.entry(p).next = next,
            None => self.blocks.entry(b).first = next,
        }
        match next {
            Some(n) => self.insts.entry(n).prev = prev,
            None => self.blocks.entry(b).last = prev,
        }
        *self.insts.entry(i) = InstNode::default();
    }
    /// Moves every instruction from `at` (inclusive) to the end of its block into the empty block `new_block`.
    /// O(moved instructions).
    pub fn split_block_at(&mut self, at: Inst, new_block: Block) {
        debug_assert!(self.blocks[new_block].first.is_none());
        let old = self.insts[at].block.expect("split point not inserted");
        let prev = self.insts[at].prev;
        let old_last = self.blocks[old].last;
        match prev {
            Some(p) => self.insts.entry(p).next = None,
            None => self.blocks.entry(old).first = None,
        }
        self.blocks.entry(old).last = prev;
        self.insts.entry(at).prev = None;
        let nb = self.blocks.entry(new_block);
        nb.first = Some(at);
        nb.last = old_last;
        let mut cur = Some(at);
        while let Some(i) = cur {
            self.insts.entry(i).block = Some(new_block);
            cur = self.insts[i].next;
        }
    }
}

/// Iterator over blocks in layout order.
pub struct BlockIter<'a> {
    layout: &'a Layout,
    next: Option<Block>,
}

impl Iterator for BlockIter<'_> {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = self.next?;
        self.next = self.layout.blocks[b].next;
        Some(b)
    }
}

/// Iterator over the instructions of one block.
pub struct InstIter<'a> {
    layout: &'a Layout,
    next: Option<Inst>,
    back: Option<Inst>,
    done: bool,
}

impl Iterator for InstIter<'_> {
    type Item = Inst;
    fn next(&mut self) -> Option<Inst> {
        if self.done {
            return None;
        }
        let i = self.next?;
        if Some(i) == self.back {
            self.done = true;
        }
        self.next = self.layout.insts[i].next;
        Some(i)
    }
}

impl DoubleEndedIterator for InstIter<'_> {
    fn next_back(&mut self) -> Option<Inst> {
        if self.done {
            return None;
        }
        let i = self.back?;
        if Some(i) == self.next {
            self.done = true;
        }
        self.back = self.layout.insts[i].prev;
        Some(i)
    }
}
