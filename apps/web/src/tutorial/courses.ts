/** Every course and lesson, in the order they are taught. */

import { CUTTHROAT } from "./lessons/cutthroat";
import { FRENCH } from "./lessons/french";
import { PARTNER } from "./lessons/partner";
import type { Course, CourseId, Lesson } from "./model";

export const COURSES: readonly Course[] = [FRENCH, CUTTHROAT, PARTNER];

export function courseById(id: CourseId): Course {
  const course = COURSES.find((c) => c.id === id);
  if (!course) throw new Error(`no course ${id}`);
  return course;
}

export function allLessons(): Lesson[] {
  return COURSES.flatMap((c) => c.lessons);
}

export function lessonById(id: string): Lesson | undefined {
  for (const course of COURSES) {
    const lesson = course.lessons.find((l) => l.id === id);
    if (lesson) return lesson;
  }
  return undefined;
}

/** The lesson after this one in its course, or null at the end of the course. */
export function nextLessonId(id: string): string | null {
  const lesson = lessonById(id);
  if (!lesson) return null;
  const lessons = courseById(lesson.course).lessons;
  const i = lessons.indexOf(lesson);
  return i >= 0 && i + 1 < lessons.length ? lessons[i + 1].id : null;
}
