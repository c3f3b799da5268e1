import { Button } from "./Button.js";

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "Leads pages". */
  label?: string;
}

/**
 * Previous / next paging with "Page n of m". Hidden when there is one page or none.
 *
 * @example
 * <Pagination page={page} pageCount={webinarPageCount(total)} onPage={setPage} label="Past webinars pages" />
 */
export function Pagination({ page, pageCount, onPage, label = "Pages" }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
      </Button>
    </nav>
  );
}
