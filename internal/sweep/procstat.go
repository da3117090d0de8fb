package sweep

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat;
// 100 on every Linux architecture Go supports.
const clockTicks = 100

// procInfo is one process read from /proc.
type procInfo struct {
	ppid int
	cpu  time.Duration // user + system
	rss  int64         // bytes
}

// readProc reads /proc/PID/stat.
func readProc(pid int) (procInfo, bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return procInfo{}, false
	}
	// The command name is in parentheses and may hold spaces; fields
	// counted from the state after it: state=3 ppid=4 utime=14 stime=15 rss=24.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procInfo{}, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 22 {
		return procInfo{}, false
	}
	num := func(k int) int64 { n, _ := strconv.ParseInt(string(f[k-3]), 10, 64); return n }
	return procInfo{
		ppid: int(num(4)),
		cpu:  time.Duration(num(14)+num(15)) * time.Second / clockTicks,
		rss:  num(24) * int64(os.Getpagesize()),
	}, true
}

// descendants reads every living descendant of this process (pdfium
// reader children, Tesseract processes).
func descendants() []procInfo {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	all := map[int]procInfo{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := readProc(pid); ok {
			all[pid] = p
		}
	}
	self := os.Getpid()
	var out []procInfo
	for _, p := range all {
		for anc, hops := p.ppid, 0; anc > 1 && hops < 16; hops++ {
			if anc == self {
				out = append(out, p)
				break
			}
			anc = all[anc].ppid
		}
	}
	return out
}

// Usage is a snapshot of the resources used so far.
type Usage struct {
	// ChildCPU is the CPU time of this process's descendants: the living
	// ones (from /proc) plus the reaped ones (getrusage RUSAGE_CHILDREN).
	ChildCPU time.Duration
	// SelfCPU is the CPU time of this process (API, queue and workers).
	SelfCPU time.Duration
}

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Sample reads the current usage.
func sample() (u Usage, maxChildRSS, sumChildRSS int64) {
	for _, p := range descendants() {
		u.ChildCPU += p.cpu
		maxChildRSS = max(maxChildRSS, p.rss)
		sumChildRSS += p.rss
	}
	u.ChildCPU += rusage(syscall.RUSAGE_CHILDREN)
	u.SelfCPU = rusage(syscall.RUSAGE_SELF)
	return u, maxChildRSS, sumChildRSS
}

// selfRSS returns this process's resident memory in bytes.
func selfRSS() int64 {
	if p, ok := readProc(os.Getpid()); ok {
		return p.rss
	}
	return 0
}

// Peaks are the highest values seen by a Monitor since its last reset.
type Peaks struct {
	ChildRSS    int64 // largest single descendant
	ChildRSSSum int64 // all descendants together
	SelfRSS     int64
	SelfHeap    uint64 // Go heap in use (HeapInuse)
}

// Monitor samples memory every interval, keeping peaks.
type Monitor struct {
	mu    sync.Mutex
	peaks Peaks
	stop  chan struct{}
	done  chan struct{}
}

// StartMonitor starts sampling.
func StartMonitor(interval time.Duration) *Monitor {
	m := &Monitor{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(m.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			_, maxRSS, sumRSS := sample()
			rss := selfRSS()
			runtime.ReadMemStats(&ms)
			m.mu.Lock()
			m.peaks.ChildRSS = max(m.peaks.ChildRSS, maxRSS)
			m.peaks.ChildRSSSum = max(m.peaks.ChildRSSSum, sumRSS)
			m.peaks.SelfRSS = max(m.peaks.SelfRSS, rss)
			m.peaks.SelfHeap = max(m.peaks.SelfHeap, ms.HeapInuse)
			m.mu.Unlock()
			select {
			case <-m.stop:
				return
			case <-t.C:
			}
		}
	}()
	return m
}

// Reset returns the peaks since the last reset and starts new ones.
func (m *Monitor) Reset() Peaks {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peaks
	m.peaks = Peaks{}
	return p
}

// Stop ends sampling.
func (m *Monitor) Stop() {
	close(m.stop)
	<-m.done
}
