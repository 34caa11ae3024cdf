/** Uploads in flight, counted before a byte of a file is read. A file is held in memory while it is encrypted (at
 *  most the file limit), so the number read at once bounds the process's memory: per enrollment (its page sends one
 *  file at a time; a few more is someone scripting) and per process. A file the enrollment has no room for, counting
 *  those already on their way, is refused at once. The database's check when a file is stored stays the authority
 *  across instances; this keeps one instance's memory flat. */
export type SlotRefusal = 'full' | 'busy';

export interface UploadSlots {
  /** A slot for one file of an enrollment that holds `stored` files already: a release to call once its request is
   *  done, or why not. */
  take: (enrollmentId: string, stored: number) => (() => void) | SlotRefusal;
  inFlight: () => number;
}

export function uploadSlots({ maxFiles, perEnrollment, perProcess }: { maxFiles: number; perEnrollment: number; perProcess: number }): UploadSlots {
  let total = 0;
  const byEnrollment = new Map<string, number>();
  return {
    take(enrollmentId, stored) {
      const mine = byEnrollment.get(enrollmentId) ?? 0;
      if (stored + mine >= maxFiles) return 'full';
      if (mine >= perEnrollment || total >= perProcess) return 'busy';
      total++;
      byEnrollment.set(enrollmentId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total--;
        const left = (byEnrollment.get(enrollmentId) ?? 1) - 1;
        if (left > 0) byEnrollment.set(enrollmentId, left);
        else byEnrollment.delete(enrollmentId);
      };
    },
    inFlight: () => total,
  };
}
