// TopicFolder (topic_tree.h): one thread, started with the first request, that folds the
// vectors listed beside a vault's index file into a new file when more than
// TopicIndex::kMaxUnfoldedRows are listed, on a writable connection of its own
// (docs/architecture.md, "Threads"); the first request that finds no fold due measures an
// unmeasured file's beam instead (TopicIndex::measure_file).
#include <memlens/topic_tree.h>
#include <memlens/vault.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace memlens {

struct TopicFolder::State {
    std::filesystem::path dir;
    std::string signature;
    std::mutex mutex;
    std::condition_variable wake, idle;
    bool asked = false, busy = false;
    std::atomic_bool stop{false}; // set under `mutex`; also cancels a fold under way
    std::size_t folds = 0;
    std::thread thread;
};

TopicFolder::TopicFolder(std::filesystem::path vault_dir, std::string model_signature)
    : state_(std::make_unique<State>()) {
    state_->dir = std::move(vault_dir);
    state_->signature = std::move(model_signature);
}

TopicFolder::~TopicFolder() {
    {
        std::lock_guard lock(state_->mutex);
        state_->stop = true;
    }
    state_->wake.notify_all();
    if (state_->thread.joinable())
        state_->thread.join();
}

void TopicFolder::request() {
    {
        std::lock_guard lock(state_->mutex);
        if (state_->stop)
            return;
        state_->asked = true;
        if (!state_->thread.joinable()) {
            try {
                state_->thread = std::thread([this] { run(); });
            } catch (...) {
                state_->asked = false; // no thread: the next import folds
                return;
            }
        }
    }
    state_->wake.notify_one();
}

std::size_t TopicFolder::wait_idle() {
    std::unique_lock lock(state_->mutex);
    state_->idle.wait(lock, [&] { return !state_->asked && !state_->busy; });
    return state_->folds;
}

void TopicFolder::run() {
    std::unique_ptr<Vault> vault; // opened on the first fold that is due, kept for the next
    bool measured = false;        // measure_file() ran
    std::unique_lock lock(state_->mutex);
    while (true) {
        state_->wake.wait(lock, [&] { return state_->asked || state_->stop; });
        if (state_->stop)
            break;
        state_->asked = false;
        state_->busy = true;
        lock.unlock();
        bool folded = false;
        if (!vault) {
            auto opened = Vault::open(state_->dir, false);
            if (opened)
                vault = std::move(opened).value();
        }
        if (vault) {
            auto upkeep = TopicIndex::upkeep(vault->db(), state_->signature);
            if (upkeep && *upkeep == TopicIndex::Upkeep::Fold) {
                auto r = TopicIndex::fold_listed(vault->db(), state_->signature, &state_->stop);
                folded = r && *r;
            } else if (!measured) {
                // A file written before it measured the beam: once per folder (a no-op after).
                (void)TopicIndex::measure_file(vault->db(), state_->signature, &state_->stop);
                measured = true;
            }
        }
        lock.lock();
        state_->busy = false;
        state_->folds += folded ? 1 : 0;
        if (!state_->asked)
            state_->idle.notify_all();
    }
    state_->busy = false;
    state_->asked = false;
    state_->idle.notify_all();
}

} // namespace memlens
