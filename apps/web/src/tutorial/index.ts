/**
 * Learn to play: the lessons of French, Cut Throat and Partner, the runner that steps through
 * them. Pure TypeScript over the engine; their text is in the app's dictionaries (../i18n), the
 * screens live elsewhere and render `viewOf(run)`.
 */

export { allLessons, COURSES, courseById, lessonById, nextLessonId } from "./courses";
export { GUIDE } from "./guide";
export type {
  Ask,
  Course,
  CourseId,
  Lesson,
  Mood,
  MoveRequest,
  Param,
  Position,
  PositionSpec,
  PracticeSetup,
  PredictStep,
  Step,
  TaskStep,
  TextRef,
} from "./model";
export { LEARNER } from "./model";
export { candidateActions, checkTaskMove, lessonView, matchesRequest, targetText } from "./moves";
export { gameOf, positionGame, toRecord } from "./positions";
export { answerOf, type Choice, choicesOf, revealOf } from "./predict";
export {
  type Answer,
  back,
  type CourseStatus,
  canBack,
  canNext,
  closeLesson,
  courseStatus,
  emptyProgress,
  type Feedback,
  guess,
  type LessonProgress,
  type LessonRun,
  lessonDone,
  type MoveOutcome,
  next,
  openLesson,
  type Progress,
  readProgress,
  recordRun,
  type StepView,
  showMe,
  startLesson,
  stepOf,
  tryAction,
  tryNotation,
  viewOf,
} from "./runner";
